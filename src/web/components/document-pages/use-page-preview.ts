import { useQuery } from '@tanstack/react-query';
import { previewPhoto } from '../../lib/document-pages/encode-photo.js';
import type { Page } from '../../lib/document-pages/page-list.js';
import { MEASURE_PX } from '../../lib/document-pages/page-quality.js';

const previewKey = (pageId: string) => ['document-pages', 'preview', pageId] as const;

/**
 * A page's photo as the browser can show and measure it (its thumbnail and its dark or blurred
 * flags read the same copy): the photo itself, or a HEIC photo decoded once (seconds on a phone).
 * Kept while the page is listed, dropped when it goes; nothing leaves the tab, so it needs no network.
 */
export function usePagePreview(page: Page): { preview: Blob | null | undefined } {
  const { data } = useQuery({
    queryKey: previewKey(page.id),
    queryFn: () => previewPhoto(page, MEASURE_PX),
    enabled: page.kind !== 'pdf',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    networkMode: 'always',
  });
  return { preview: data };
}
