/**
 * The knowledge base in Chromium (issue 8 point 5): two Markdown files go through their processing stages to
 * Indexed while a binary renamed .txt is refused with its reason; the chat answers a question with the cited
 * passage, which opens in file search; file search marks its matches; the graph explorer finds an entity and
 * shows its connections and passages; another user sees none of it. The three screens fit a phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { PROCESSING_STAGE_LABELS } from '../../src/shared/knowledge.ts';
import { describeInBrowser, openPage, seriousA11yViolations } from './browser.ts';
import { expectNoErrors, settleAnimations } from './site.ts';
import { onboardedUser, type StorageState } from './users.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.KNOWLEDGE_SHOTS_DIR;

const ACCESS_POLICY = [
  '# Access control policy',
  '',
  '## Multi-factor authentication',
  '',
  'All employees must use Okta with multi-factor authentication (MFA) to reach production systems hosted on AWS.',
  'Shared accounts are not allowed on any production system.',
  '',
  '## Access reviews',
  '',
  'Access reviews must be performed quarterly by each system owner, who removes the access nobody needs.',
  'Acme Corporation audits the access reviews once a year.',
].join('\n');

const ONBOARDING_GUIDE = [
  '# Customer onboarding guide',
  '',
  '## Kickoff',
  '',
  'The kickoff call with Acme Corp for project Quillbrook happens in the first week; the customer success manager owns the plan.',
  '',
  '## Integrations',
  '',
  'The onboarding team connects Salesforce and Slack during the second week, then trains the admins.',
].join('\n');

const file = (name: string, mimeType: string, content: string | Buffer) => ({
  name,
  mimeType,
  buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
});

/** Bytes no text file holds (NUL bytes, invalid UTF-8): a binary renamed .txt. */
const BINARY = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x9c, 0x00, 0x01, 0x02]);

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A failed request is logged by the browser as an error; a refused upload and a 404 expect one. */
const withoutFailedLoads = (errors: string[]) =>
  errors.filter((error) => !error.startsWith('Failed to load resource'));

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describeInBrowser('knowledge base', (browser) => {
  let owner: StorageState;
  beforeAll(async () => {
    // The owner starts from an empty knowledge base, without the demo library (the last test shows it).
    owner = await onboardedUser(browser(), 'Knowledge', async (request) => {
      expect((await request.delete('/api/v1/knowledge/demo')).status()).toBe(200);
    });
  });

  it('uploads two Markdown files to Indexed, stage by stage, and refuses a binary .txt with its reason', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/sales-knowledge-agent');
      await page.getByRole('heading', { level: 1, name: 'Knowledge agent' }).waitFor();
      await page.locator('[data-knowledge-stat="totalDocuments"]').waitFor();
      expect(await page.locator('[data-knowledge-stat="totalDocuments"]').textContent()).toBe('0');
      await page.locator('[data-documents-empty]').waitFor();

      // Every stage label shown is recorded, so the passage through them can be checked afterwards.
      await page.evaluate(() => {
        const seen = new Set<string>();
        (window as unknown as { stagesSeen: Set<string> }).stagesSeen = seen;
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-upload-stage]')) seen.add(el.textContent ?? '');
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page
        .locator('[data-upload-input]')
        .setInputFiles([
          file('access-control-policy.md', 'text/markdown', ACCESS_POLICY),
          file('onboarding-guide.md', 'text/markdown', ONBOARDING_GUIDE),
          file('quarterly-numbers.txt', 'text/plain', BINARY),
        ]);

      const refused = page.locator('[data-upload-item="refused"]');
      await refused.waitFor();
      expect(await refused.locator('[data-upload-name]').textContent()).toBe('quarterly-numbers.txt');
      expect((await refused.locator('[data-upload-error]').textContent())?.length).toBeGreaterThan(10);

      await expect
        .poll(() => page.locator('[data-upload-item="indexed"]').count(), { timeout: 30_000 })
        .toBe(2);
      const indexed = page.locator('[data-upload-item="indexed"]');
      expect(await indexed.locator('[data-upload-stage]').allTextContents()).toEqual([
        PROCESSING_STAGE_LABELS.indexed,
        PROCESSING_STAGE_LABELS.indexed,
      ]);
      expect(await indexed.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('100');
      const seen = await page.evaluate(() => [
        ...(window as unknown as { stagesSeen: Set<string> }).stagesSeen,
      ]);
      // Queued first (the upload's answer), Indexed last; stages in between may pass faster than a poll.
      expect(seen).toEqual(
        expect.arrayContaining([PROCESSING_STAGE_LABELS.queued, PROCESSING_STAGE_LABELS.indexed]),
      );
      expect(await page.locator('[data-upload-summary]').textContent()).toBe('2 indexed, 1 problem');

      // The statistics and the list follow.
      await expect.poll(() => page.locator('[data-knowledge-stat="totalDocuments"]').textContent()).toBe('2');
      expect(
        Number(await page.locator('[data-knowledge-stat="totalEntities"]').textContent()),
      ).toBeGreaterThan(0);
      expect(await page.locator('[data-document] [data-document-status="indexed"]').count()).toBe(2);
      // Issue 25: each document is titled by its first heading, not by its file name.
      await expect
        .poll(async () => (await page.locator('[data-document-title]').allTextContents()).sort())
        .toEqual(['Access control policy', 'Customer onboarding guide']);
      // Title search (case-insensitive substring).
      await page.locator('[data-document-search]').fill('ONBOARD');
      await expect.poll(() => page.locator('[data-document]').count()).toBe(1);
      expect((await page.locator('[data-document-title]').textContent())?.toLowerCase()).toContain(
        'onboarding',
      );
      await page.locator('[data-document-search]').fill('');
      await expect.poll(() => page.locator('[data-document]').count()).toBe(2);

      // A file dropped on the area is uploaded too; the same file under the same name is the same document.
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'access-control-policy.md', { type: 'text/markdown' }));
        document
          .querySelector('[data-drop-zone]')
          ?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, ACCESS_POLICY);
      await expect.poll(() => page.locator('[data-upload-item]').count()).toBe(4);
      await expect
        .poll(() => page.locator('[data-upload-item="indexed"]').count(), { timeout: 30_000 })
        .toBe(3);
      expect(await page.locator('[data-knowledge-stat="totalDocuments"]').textContent()).toBe('2');

      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'knowledge-agent-1280');
      expectNoErrors(withoutFailedLoads(errors), 'knowledge agent upload');
    } finally {
      await close();
    }
  });

  it('answers a question with the cited passage, which opens in file search', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/sales-knowledge-agent');
      const box = page.getByLabel('Ask a question about your documents');
      await box.fill('How often must access reviews be performed?');
      await box.press('Enter');
      await page
        .locator('[data-chat-loading]')
        .or(page.locator('[data-chat-message="ai"]'))
        .first()
        .waitFor();
      const answer = page.locator('[data-chat-message="ai"]').first();
      await answer.waitFor();
      expect(await answer.locator('[data-answer]').getAttribute('data-answer')).toBe('answered');
      expect(await answer.locator('[data-citation]').count()).toBeGreaterThan(0);

      const source = page.locator('[data-sources-panel] [data-source]').first();
      await source.waitFor();
      expect((await source.locator('[data-source-title]').textContent())?.toLowerCase()).toMatch(/access/);
      expect((await source.locator('[data-source-snippet]').textContent())?.toLowerCase()).toContain(
        'quarterly',
      );
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'knowledge-chat-1280');

      // A question the documents do not answer gets an honest "I don't know", without sources.
      await box.fill('What is the capital of Mongolia?');
      await box.press('Enter');
      await expect.poll(() => page.locator('[data-chat-message="ai"]').count()).toBe(2);
      expect(
        await page
          .locator('[data-chat-message="ai"]')
          .nth(1)
          .locator('[data-answer]')
          .getAttribute('data-answer'),
      ).toBe('unknown');

      // The cited passage opens in file search, narrowed to its document and picked out.
      await page
        .locator('[data-chat-message="ai"]')
        .first()
        .getByRole('button', { name: /^\d+ sources?$/ })
        .click();
      await page.locator('[data-sources-panel] [data-open-passage]').first().click();
      await page.waitForURL(/\/enterprise-file-search\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('document')).toMatch(/^[0-9a-f-]{36}$/);
      await page.locator('[data-narrowed-document]').waitFor();
      const picked = page.locator('[data-passage][data-picked]');
      await picked.waitFor();
      expect((await picked.locator('[data-passage-text]').textContent())?.toLowerCase()).toContain(
        'quarterly',
      );
      expectNoErrors(withoutFailedLoads(errors), 'knowledge chat');
    } finally {
      await close();
    }
  });

  it('file search marks the matches, and filters by type', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/enterprise-file-search');
      await page.getByRole('heading', { level: 1, name: 'Enterprise file search' }).waitFor();
      await page.locator('[data-file-search]').fill('kickoff');
      await page.locator('[data-file-search]').press('Enter');
      await page.waitForURL(/q=kickoff/);
      const passage = page.locator('[data-passage]').first();
      await passage.waitFor();
      expect((await passage.locator('[data-passage-title]').textContent())?.toLowerCase()).toContain(
        'onboarding',
      );
      const marks = await passage.locator('mark').allTextContents();
      expect(marks.map((m) => m.toLowerCase())).toContain('kickoff');
      // The marks are the only markup: the passage's text carries no « ».
      expect(await passage.locator('[data-passage-text]').textContent()).not.toMatch(/[«»]/);
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'file-search-1280');

      await page.locator('[data-filter="type"]').selectOption('pdf');
      await page.getByText('No passage matches').waitFor();
      await page.locator('[data-filter="type"]').selectOption('md');
      await page.locator('[data-passage]').first().waitFor();
      expectNoErrors(withoutFailedLoads(errors), 'file search');
    } finally {
      await close();
    }
  });

  it('the graph finds an entity, shows its connections and the passages behind it', async () => {
    const { page, errors, close } = await openPage(browser(), { ...DESKTOP, storageState: owner });
    try {
      await page.goto('/knowledge-graph');
      await page.getByRole('heading', { level: 1, name: 'Knowledge graph' }).waitFor();
      await page.locator('[data-legend]').first().waitFor();
      await page
        .locator('[data-graph-canvas]')
        .or(page.locator('[data-graph-unavailable]'))
        .first()
        .waitFor();
      expect(
        Number(await page.locator('[data-graph-canvas]').getAttribute('data-graph-nodes')),
      ).toBeGreaterThan(0);

      await page.locator('[data-entity-search]').fill('okta');
      const option = page.locator('[data-entity-option]').filter({ hasText: /okta/i }).first();
      await option.waitFor();
      await option.click();
      await page.locator('[data-selected-entity]').filter({ hasText: /okta/i }).waitFor();
      // Picking a node adds its neighbours: its connections are listed, with the passages that mention it.
      await page.locator('[data-expand]').filter({ hasText: 'Connections shown' }).waitFor();
      expect(await page.locator('[data-connections] li').count()).toBeGreaterThan(0);
      await page.locator('[data-evidence] li').first().waitFor();
      expect((await page.locator('[data-evidence] li').first().textContent())?.toLowerCase()).toContain(
        'okta',
      );

      // A connection opens the passages behind the relationship.
      await page.locator('[data-connections] li button').first().click();
      await page.locator('[data-selected-relationship]').waitFor();
      await page.locator('[data-evidence] li').first().waitFor();

      // The legend hides a type.
      const legend = page.locator('[data-legend]').first();
      await legend.click();
      expect(await legend.getAttribute('aria-pressed')).toBe('false');

      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'knowledge-graph-1280');

      // In the dark theme too.
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'knowledge-graph-dark-1280');
      expectNoErrors(withoutFailedLoads(errors), 'knowledge graph');
    } finally {
      await close();
    }
  });

  it('on a phone, the three screens fit the width', async () => {
    const { page, errors, close } = await openPage(browser(), { ...PHONE, storageState: owner });
    try {
      for (const [path, name] of [
        ['/sales-knowledge-agent', 'knowledge-agent-375'],
        ['/enterprise-file-search?q=access', 'file-search-375'],
        ['/knowledge-graph', 'knowledge-graph-375'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.locator('[data-document], [data-passage], [data-legend]').first().waitFor();
        await settleAnimations(page);
        expect(await pageWidth(page), path).toBeLessThanOrEqual(375);
        expect(await seriousA11yViolations(page), path).toEqual([]);
        await shot(page, name);
      }
      expectNoErrors(withoutFailedLoads(errors), 'phone');
    } finally {
      await close();
    }
  });

  it('another user sees none of it: not the documents, the passages, the graph or a download', async () => {
    const ownerPage = await openPage(browser(), { ...DESKTOP, storageState: owner });
    const list = await ownerPage.page.request.get('/api/v1/knowledge/documents');
    const ownerDocument = ((await list.json()) as { documents: { id: string }[] }).documents[0]?.id;
    await ownerPage.close();
    expect(ownerDocument).toBeTruthy();

    const { page, errors, close } = await openPage(browser(), {
      ...DESKTOP,
      storageState: await onboardedUser(browser(), 'Stranger'),
    });
    try {
      // The stranger has a demo library of their own (loaded on request here: the test server does not
      // load it by itself), and none of the owner's documents.
      expect((await page.request.post('/api/v1/knowledge/demo')).status()).toBe(202);
      await page.goto('/sales-knowledge-agent');
      await page.locator('[data-demo-library="loaded"]').waitFor();
      const theirs = await page.request.get('/api/v1/knowledge/documents?limit=100');
      const ids = ((await theirs.json()) as { documents: { id: string }[] }).documents.map((d) => d.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(ownerDocument);
      await shot(page, 'knowledge-agent-demo-1280');

      await page.goto('/enterprise-file-search?q=Quillbrook');
      await page.getByText('No passage matches').waitFor();
      const search = await page.request.get('/api/v1/knowledge/search?q=Quillbrook');
      expect(((await search.json()) as { passages: unknown[] }).passages).toEqual([]);
      expect((await page.request.get(`/api/v1/knowledge/documents/${ownerDocument}`)).status()).toBe(404);
      expect((await page.request.get(`/api/v1/knowledge/documents/${ownerDocument}/download`)).status()).toBe(
        404,
      );

      // One click removes the demo content; the stranger's graph is then empty and says how to fill it.
      await page.goto('/sales-knowledge-agent');
      await page.getByRole('button', { name: 'Remove demo content' }).click();
      await page.locator('[data-demo-library="removed"]').waitFor();
      await expect.poll(() => page.locator('[data-knowledge-stat="totalDocuments"]').textContent()).toBe('0');
      await page.goto('/knowledge-graph');
      await page.locator('[data-graph-empty]').waitFor();
      expect(await page.locator('[data-graph-empty]').textContent()).toContain(
        'Upload documents in the Knowledge agent to build your graph',
      );
      await settleAnimations(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'knowledge-graph-empty-1280');
      expectNoErrors(withoutFailedLoads(errors), 'another user');
    } finally {
      await close();
    }
  });
});
