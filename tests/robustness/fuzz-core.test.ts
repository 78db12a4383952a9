// Fuzzing of requests, village statuses and scores. See support/fuzz.ts.
import './support/own-bucket';
import { fuzzArea } from './support/fuzz';

fuzzArea('core');
