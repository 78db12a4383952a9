// Fuzzing of villages, the user list and village descriptions. See support/fuzz.ts.
import './support/own-bucket';
import { fuzzArea } from './support/fuzz';

fuzzArea('villages');
