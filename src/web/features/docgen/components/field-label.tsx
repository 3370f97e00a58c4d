/** A field's name with whether the chosen template needs it ("Needed") or not ("Optional"). */
export function FieldLabel({ name, needed }: { name: string; needed: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      {name}
      <span
        className={
          needed
            ? 'rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary'
            : 'rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground'
        }
      >
        {needed ? 'Needed' : 'Optional'}
      </span>
    </span>
  );
}
