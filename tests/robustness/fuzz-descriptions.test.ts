// Fuzzing of tourism descriptions, uploads, attractions, and every function area no other fuzz file claims. See support/fuzz.ts.
import './support/own-bucket';
import { fuzzArea } from './support/fuzz';

fuzzArea('descriptions');
