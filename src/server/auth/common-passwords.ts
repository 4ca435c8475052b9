import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as fr from '@zxcvbn-ts/language-fr';
import { COMMON_BELOW_SCORE } from '../../contract/passwords.js';

let factory: ZxcvbnFactory | null = null;

/**
 * Whether a password is common or guessable (contract/passwords.ts): the common and French
 * dictionaries, offline. Built at the first check (the dictionaries take a moment to unpack).
 */
export function isCommonPassword(normalized: string): boolean {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return factory.check(normalized).score < COMMON_BELOW_SCORE;
}
