// Fuzzing of accounts (functions/auth) and the catch-all 404 (functions/common). See support/fuzz.ts.
import './support/own-bucket';
import { fuzzArea } from './support/fuzz';

fuzzArea('auth');
