import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';

/**
 * A file the server builds (CSV export, PDF statement): a plain link, so the browser streams it
 * to disk itself, whatever its size, with the session cookie.
 */
export function DownloadButton({ href, label }: { href: string; label: string }) {
  return (
    <Button component="a" href={href} download variant="outlined" startIcon={<DownloadIcon />}>
      {label}
    </Button>
  );
}

/** A query string of list filters plus the user's language. */
export function exportQuery(filters: Record<string, string | readonly (string | number)[] | undefined>, lang: string): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)));
    else if (typeof v === 'string' && v) q.set(k, v);
  }
  q.set('lang', lang);
  return q.toString();
}
