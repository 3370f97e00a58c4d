import { Check, Columns3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ColumnPrefs } from '../lib/column-prefs.ts';
import { Button } from './ui/button.tsx';

type Props = {
  /** The columns that apply to this table (e.g. fit only with an ICP, status and notes only in My Companies). */
  columns: readonly { id: string; label: string }[];
  prefs: ColumnPrefs;
  onChange: (prefs: ColumnPrefs) => void;
};

/** Shows or hides table columns; the choice is kept in this browser. */
export function ColumnChooser({ columns, prefs, onChange }: Props) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden />
          Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Show columns
          </DropdownMenu.Label>
          {columns.map((column) => {
            const checked = prefs[column.id] !== false;
            return (
              <DropdownMenu.CheckboxItem
                key={column.id}
                checked={checked}
                // Stay open, so several columns can be changed in one go.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(value) => onChange({ ...prefs, [column.id]: value === true })}
                className="relative flex cursor-default items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check className="size-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
                {column.label}
              </DropdownMenu.CheckboxItem>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
