import { useMutation } from '@tanstack/react-query';
import { ScoreResponseSchema, type ScoreBody } from '../../../../contract/projects.js';
import { apiCall } from '../../../lib/api-client.js';

/** The pre-score is a POST that changes nothing: a mutation without cache effects. */
export const getScore = (body: ScoreBody) => apiCall('POST', '/api/v3/score', ScoreResponseSchema, { body });

export const useScore = () => useMutation({ mutationFn: getScore });
