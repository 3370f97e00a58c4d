import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';

type Props = {
  /** The text box's id, for the caller's <Label htmlFor>. */
  id: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** The API's limits for the record the tags belong to. */
  maxTags: number;
  maxTagLength: number;
};

/** The user's own tags on a record: chips with a remove button, and a box that adds one on Enter or comma. */
export function TagInput({ id, tags, onChange, maxTags, maxTagLength }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const tag = text.trim();
    if (!tag) return;
    if (tag.length > maxTagLength) return setError(`A tag can be at most ${maxTagLength} characters.`);
    if (tags.length >= maxTags) return setError(`At most ${maxTags} tags.`);
    setError(null);
    if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) onChange([...tags, tag]);
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };

  return (
    <>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium"
            >
              {tag}
              <button
                type="button"
                className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKey}
          placeholder="Add a tag and press Enter"
          maxLength={maxTagLength + 10}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!text.trim()}>
          Add
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
