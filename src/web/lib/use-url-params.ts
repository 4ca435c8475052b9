import { useSearchParams } from 'react-router';
import { readPage } from '../../contract/common.js';

export type ParamChanges = Record<string, string | string[] | null>;

/**
 * List state kept in the URL (so a link or a refresh shows the same list): the current params,
 * the page (by the contract's rule) and page size read safely, and an update that sets, repeats
 * or removes keys.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = readPage(params);
  const update = (changes: ParamChanges) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        next.delete(k);
        if (Array.isArray(v)) v.forEach((x) => next.append(k, x));
        else if (v) next.set(k, v);
      }
      return next;
    });
  return { params, page, pageSize, update };
}
