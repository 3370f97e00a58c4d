import { Eye, EyeOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input.tsx';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  id: string;
  /** Whether the password is shown as text; the owner keeps it so a mode switch can hide it again. */
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
};

/** A password field with the show/hide toggle of spec 1 §2.5 and §2.6. */
export function PasswordInput({ visible, onVisibleChange, className, ...props }: PasswordInputProps) {
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={`pr-11 ${className ?? ''}`} />
      <button
        type="button"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={props.id}
        onClick={() => onVisibleChange(!visible)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground transition-colors hover:text-foreground"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
