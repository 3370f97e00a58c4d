import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, type TestDatabase } from '../../../../tests/helpers/databases.ts';
import { COMPANY_SIZES } from '../../../shared/companies.ts';
import { createVocabulary } from './vocabulary.ts';

describe.each(backends())('the filter vocabulary on $name', (backend: Backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(() => database.destroy());

  it('gives a user without imports the shared vocabulary itself, with every size band', async () => {
    const vocabulary = createVocabulary(database.db);
    const shared = await vocabulary.shared();
    expect(shared.sizes).toEqual([...COMPANY_SIZES]);
    // The same object: the validator's index of it (built once) serves every such user.
    expect(await vocabulary.forCaller({ id: randomUUID() })).toBe(shared);
  });
});
