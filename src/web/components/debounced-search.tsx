import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

interface Props {
  label: string;
  /** The search the URL holds. */
  value: string;
  onSearch: (s: string) => void;
}

/** A search field sent 300 ms after typing stops (the server searches: no list is filtered here). */
export function DebouncedSearch({ label, value, onSearch }: Props) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // the URL changed (clear, back button): show it
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return <TextField type="search" label={label} value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: 1, minWidth: 200 }} />;
}
