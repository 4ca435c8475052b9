import { useEffect, useState } from 'react';

type Check = (normalized: string) => boolean;
let loaded: Check | null = null;
// outside the hook: the React Compiler leaves alone a function that holds an import()
const load = (): Promise<Check> => import('./common-passwords.js').then((m) => m.isCommonPassword);

/**
 * The common-passwords check of the contract's rules (passwords.ts), with the dictionaries the server
 * uses: a chunk of its own (about a megabyte of words), fetched once a password form is on screen.
 * Until it is there the form checks the other rules; the server checks this one anyway.
 */
export function useCommonCheck(): Check | undefined {
  // (a function given to useState is its initializer: the check itself is wrapped, as setCheck's is below)
  const [check, setCheck] = useState<Check | null>(() => loaded);
  useEffect(() => {
    if (check) return;
    let live = true;
    void load().then(
      (isCommon) => {
        loaded = isCommon;
        if (live) setCheck(() => isCommon);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [check]);
  return check ?? undefined;
}
