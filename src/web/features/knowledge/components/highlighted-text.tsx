import { highlightParts } from '../../../../shared/knowledge.ts';

/** A passage with the server's «marked» matches as <mark>: the text is rendered as text, never as HTML. */
export function HighlightedText({ text }: { text: string }) {
  return (
    <>
      {highlightParts(text).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text have no identity but their place
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
