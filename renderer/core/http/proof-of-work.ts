// The solver lives in contract/ so that the conformance runner (scripts/conformance/) signs in
// with the same code as the front end.
export { solveProofOfWork } from '../../../contract/proof-of-work';
