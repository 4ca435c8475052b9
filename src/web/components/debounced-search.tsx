import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { SEARCH_MAX_LENGTH } from '../../contract/limits.js';
import { useUrlSearch } from '../lib/use-debounced.js';

interface Props {
  label: string;
  /** The search the URL holds. */
  value: string;
  onSearch: (s: string) => void;
  /** What it searches in, said under the field (a label that says it too is cut on a phone). */
  help?: string;
  /** The field's input (a list's "clear filters" brings the focus back to it). */
  inputRef?: Ref<HTMLInputElement>;
}

/** A search field sent 300 ms after typing stops (the server searches: no list is filtered here). */
export function DebouncedSearch({ label, value, onSearch, help, inputRef }: Props) {
  const [text, setText] = useUrlSearch(value, onSearch);
  return (
    <TextField
      type="search"
      label={label}
      helperText={help}
      value={text}
      onChange={(e) => setText(e.target.value)}
      inputRef={inputRef}
      // as long as the lists' search may be (the contract's): a longer one would only be refused
      slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
      sx={{ flex: 1, minWidth: 200 }}
    />
  );
}
