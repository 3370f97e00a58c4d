import { type DragEvent, type ReactNode, useState } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A dashed target to drop files on, highlighted while something is dragged over it. It is the mouse's way: the
 * buttons placed inside are the keyboard's.
 */
export function DropZone({
  onDrop,
  className,
  children,
}: {
  onDrop: (data: DataTransfer) => void;
  className?: string;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onDrop(event.dataTransfer);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the buttons inside are the keyboard's way
    <div
      className={cn(
        'flex flex-col items-center gap-3 border-2 border-dashed px-4 text-center transition-colors',
        dragging ? 'border-primary bg-accent' : 'border-input',
        className,
      )}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
      data-drop-zone
    >
      {children}
    </div>
  );
}
