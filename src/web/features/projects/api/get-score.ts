import { useMutation } from '@tanstack/react-query';
import type { ScoreBody } from '../../../../contract/projects.js';
import { callOperation } from '../../../lib/operations.js';

/** The pre-score is a POST that changes nothing: a mutation without cache effects. */
export const getScore = (body: ScoreBody) => callOperation('getScore', {}, { body });

export const useScore = () => useMutation({ mutationFn: getScore });
