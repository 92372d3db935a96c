import { local, PASSWORD_PROBLEMS_EN } from '@fpy/contracts';
import { badRequest } from '../../../lib/errors.ts';

/** 400 PASSWORD_WEAK for a problem of the password rule (packages/domain passwordProblem), in both languages. */
export const passwordWeak = (problem: string) =>
  badRequest('PASSWORD_WEAK', {
    problem: local(problem, PASSWORD_PROBLEMS_EN[problem] ?? 'The password is too weak'),
  });
