import { Moon, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useTheme } from '../../../lib/theme.ts';

/** Both icons are rendered and CSS picks one, so the server-rendered markup matches either theme. */
export function ThemeToggle({ className }: { className?: string }) {
  const { toggleTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" className={className} onClick={toggleTheme}>
      <Moon className="dark:hidden" aria-hidden />
      <Sun className="hidden dark:block" aria-hidden />
    </Button>
  );
}
