/**
 * The browser's localStorage for the `web` tests, which run in Node: a Map behind the Storage interface.
 * `failing` makes every call throw as a browser does with storage blocked (privacy mode, site data off).
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  constructor(private readonly failing = false) {}

  private check(): void {
    if (this.failing) throw new DOMException('The operation is insecure.', 'SecurityError');
  }

  get length(): number {
    this.check();
    return this.items.size;
  }

  clear(): void {
    this.check();
    this.items.clear();
  }

  getItem(key: string): string | null {
    this.check();
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    this.check();
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.check();
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.check();
    this.items.set(key, String(value));
  }
}
