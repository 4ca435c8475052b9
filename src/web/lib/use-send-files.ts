import { useRef, useState } from 'react';

export interface SendFiles {
  /** The file on its way and how much of it is sent (0-1). */
  progress: { name: string; fraction: number } | null;
  /** The last send failed on this file (the error is the upload's), or was cancelled. */
  stopped: { file: File; error: unknown } | { file: File; cancelled: true } | null;
  /** Files a retry found already there, not sent again. */
  found: string[];
  send: (files: readonly File[]) => Promise<void>;
  cancel: () => void;
  /** Sends what is left; the file that failed first only if `alreadyThere` does not find it. */
  retry: () => Promise<void>;
}

const aborted = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * Files sent one after the other, with progress and cancel. A retry never uploads a file twice:
 * an upload cut or cancelled after its last byte left may still have arrived, so the file it
 * stopped on is looked for first (`alreadyThere`) and sent again only if it is not there.
 */
export function useSendFiles({
  upload,
  alreadyThere,
  onDone,
}: {
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;
  alreadyThere: (file: File) => Promise<boolean>;
  onDone: () => void;
}): SendFiles {
  const [progress, setProgress] = useState<SendFiles['progress']>(null);
  const [stopped, setStopped] = useState<SendFiles['stopped']>(null);
  const [found, setFound] = useState<string[]>([]);
  const left = useRef<readonly File[]>([]);
  const controller = useRef<AbortController | null>(null);

  const run = async (files: readonly File[], checkFirst: boolean) => {
    left.current = files;
    setStopped(null);
    const ctl = new AbortController();
    controller.current = ctl;
    for (const [i, file] of files.entries()) {
      setProgress({ name: file.name, fraction: 0 });
      try {
        if (i === 0 && checkFirst && (await alreadyThere(file))) setFound((f) => [...f, file.name]);
        else await upload(file, (fraction) => setProgress({ name: file.name, fraction }), ctl.signal);
        left.current = files.slice(i + 1);
      } catch (error) {
        setProgress(null);
        setStopped(aborted(error) ? { file, cancelled: true } : { file, error });
        return;
      }
    }
    setProgress(null);
    onDone();
  };

  return {
    progress,
    stopped,
    found,
    send: (files) => {
      setFound([]);
      return run(files, false);
    },
    cancel: () => controller.current?.abort(),
    retry: () => run(left.current, true),
  };
}
