import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_BYTES } from '../../../contract/files.js';
import { pagesReducer } from '../../lib/document-pages/page-list.js';
import { sentAsItIs } from '../../lib/document-pages/page-rules.js';
import { readPages, withPageCounts, type Refusal } from '../../lib/document-pages/read-files.js';
import { usePagesLost } from '../../lib/document-pages/use-pages-lost.js';
import { useSendFiles } from '../../lib/use-send-files.js';

/**
 * One document's way from the files a user gives to the partner, the same for a project's and a
 * claim's documents: a file given alone that the partner takes (a PDF or image within 10 MB) is
 * sent as it is; several files, a camera photo, a HEIC photo or a photo over 10 MB become pages
 * of one PDF made here. Every send has progress, cancel and a retry that never sends twice.
 */
export function useDocumentPages({
  owner,
  lostKey,
  upload,
  alreadyThere,
  onDone,
}: {
  /** The signed-in user's e-mail (the lost-pages notice is theirs only). */
  owner: string;
  /** Which document the pages are for (the lost-pages notice is per document). */
  lostKey: string;
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;
  alreadyThere: (file: File) => Promise<boolean>;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [pages, dispatch] = useReducer(pagesReducer, []);
  const [refused, setRefused] = useState<string[]>([]);
  const [lostSeen, setLostSeen] = useState(false);
  const lost = usePagesLost(lostKey, owner, pages.length > 0) && !lostSeen;
  /** The camera's input (CameraButton's), and the page a "Take it again" replaces with its next photo. */
  const camera = useRef<HTMLInputElement>(null);
  const retaking = useRef<string | null>(null);
  const sending = useSendFiles({
    upload,
    alreadyThere,
    onDone: () => {
      dispatch({ type: 'clear' });
      onDone?.();
    },
  });

  const refusal = (r: Refusal) =>
    t(r.reason === 'photoTooLarge' || r.reason === 'damaged' ? `documentPages.${r.reason}` : `documents.${r.reason}`, { name: r.name });

  /** Files given: `asPages` when they come from the camera (a photo is always a page); `early` refusals made before (a drop's). */
  const take = async (files: readonly File[], asPages: boolean, early: readonly string[] = []) => {
    setLostSeen(true);
    const replacing = asPages ? retaking.current : null;
    retaking.current = null;
    const read = await readPages(files);
    setRefused([...early, ...read.refused.map(refusal)]);
    const [only] = read.pages;
    if (replacing && only) return dispatch({ type: 'replace', id: replacing, page: only });
    const alone = !asPages && pages.length === 0 && files.length === 1 && read.pages.length === 1;
    if (alone && only && sentAsItIs(only.kind, only.file.size, MAX_FILE_BYTES)) return void sending.send([only.file]);
    // pages of a document: a PDF counts as the pages it holds
    const counted = await withPageCounts(read.pages);
    if (counted.refused.length > 0) setRefused((r) => [...r, ...counted.refused.map(refusal)]);
    if (counted.pages.length > 0) dispatch({ type: 'add', pages: counted.pages });
  };

  return {
    pages,
    dispatch,
    refused,
    lost,
    dismissLost: () => setLostSeen(true),
    sending,
    busy: sending.progress !== null,
    take,
    camera,
    /** "Take a photo": the camera's next photo is a new page. */
    newPhoto: () => {
      retaking.current = null;
    },
    /** "Take it again": the camera opens, and its photo takes page `id`'s place. */
    retake: (id: string) => {
      retaking.current = id;
      camera.current?.click();
    },
  };
}

export type DocumentPagesState = ReturnType<typeof useDocumentPages>;
