import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Requests come back to the same few hundred addresses (health probes, the pages, a user's lists). */
const REMEMBERED = 1000;

/**
 * Hono's trie router, with the answers for the last REMEMBERED method and path pairs kept. Our routes are
 * beyond Hono's faster RegExpRouter (a literal and a parameter at the same level, as in
 * `/companies/imports/:id` beside `/companies/:id/saved`), and the trie walks every middleware pattern
 * (`/api/*`, `/api/v1/companies/*`, ...) on every request, allocating as it goes: 3.4 KB of a 25 KB
 * /api/health. Hono's own routers share one answer between requests the same way (request params are read
 * from it, never written).
 */
export class RememberingRouter<T> implements Router<T> {
  name = 'RememberingRouter';
  readonly #router = new TrieRouter<T>();
  readonly #answers = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (!answer) {
      answer = this.#router.match(method, path);
      // The oldest answer goes first: a busy route that goes with it is back at its next request.
      if (this.#answers.size >= REMEMBERED) {
        this.#answers.delete(this.#answers.keys().next().value as string);
      }
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
