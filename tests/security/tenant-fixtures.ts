/**
 * Ada's world for the cross-tenant suite: one of every resource an `{id}`-style path parameter addresses,
 * created through the real API (a private company and contact, which no endpoint creates from nothing, are
 * written as a CRM import writes them). Every name and text carries MARKER, so a response that shows any of
 * it to someone else is caught by a plain substring search.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { companyContacts, companyMaster } from '../../src/server/db/schema.ts';
import { packageAmountCents } from '../../src/server/features/credits/payments.ts';
import { grantPaidCheckout } from '../../src/server/features/credits/service.ts';
import type { App } from '../../src/server/http/app.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { CREDIT_PACKAGES } from '../../src/shared/pricing.ts';
import { type AuthClient, callJson } from '../helpers/auth.ts';
import type { TestDatabase } from '../helpers/databases.ts';
import type { WebhookReceiver } from '../helpers/webhook-receiver.ts';

/** In every name and text Ada writes; never expected in a response to anyone else. */
export const MARKER = `adamark${randomBytes(4).toString('hex')}`;

/** The ids of Ada's resources, by what they are (the suite binds path parameters to these names). */
export type TenantIds = {
  userId: string;
  icpSegmentId: string;
  companyImportId: string;
  privateCompanyId: string;
  privateContactId: string;
  sharedCompanyId: string;
  sharedContactId: string;
  copilotSessionId: string;
  documentId: string;
  /** A knowledge-graph entity of Ada's document. */
  entityId: string;
  libraryEntryId: string;
  reviewId: string;
  rfpProjectId: string;
  rfpQuestionId: string;
  jobId: string;
  generatedDocumentId: string;
  prospectId: string;
  forecastTimelineDays: string;
  projectId: string;
  projectItemId: string;
  projectNoteId: string;
  webhookId: string;
  webhookDeliveryId: string;
  apiKeyId: string;
  checkoutSessionId: string;
};

/** Catalogue rows everyone shares: Ada saves them with her notes, Bob may use them but never see her notes. */
async function insertCatalogue(database: TestDatabase, owner: string | null, label: string) {
  const [company] = await database.db
    .insert(companyMaster)
    .values({
      ownerId: owner,
      name: `${label} Fabrication`,
      domain: `${label.toLowerCase()}.example`,
      primaryIndustry: 'Manufacturing',
      country: 'Germany',
      countryCode: 'DE',
      city: 'Berlin',
      source: owner ? 'import' : 'sp500',
      license: owner ? 'User import' : 'ODC-PDDL-1.0',
    })
    .returning({ id: companyMaster.id });
  if (!company) throw new Error('company not inserted');
  const [contact] = await database.db
    .insert(companyContacts)
    .values({
      companyId: company.id,
      ownerId: owner,
      firstName: label,
      lastName: 'Hopper',
      fullName: `${label} Hopper`,
      title: 'Chief Financial Officer',
      email: `${label.toLowerCase()}.hopper@${label.toLowerCase()}.example`,
      phone: '+49 30 1234567',
      city: 'Berlin',
      source: owner ? 'import' : 'synthetic',
      license: owner ? 'User import' : 'Synthetic (generated)',
    })
    .returning({ id: companyContacts.id });
  if (!contact) throw new Error('contact not inserted');
  return { companyId: company.id, contactId: contact.id };
}

async function created<T>(client: AuthClient, method: string, path: string, body?: unknown) {
  const { status, body: answer } = await callJson<T>(client, method, path, body);
  expect(status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

async function multipart<T>(app: App, client: AuthClient, path: string, form: FormData) {
  const response = await app.request(path, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookie },
  });
  const answer = (await response.json()) as T;
  expect(response.status, `POST ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

/**
 * Gives Ada one of everything, each carrying MARKER, and runs the queued jobs so that every resource is in a
 * settled state (a later read by Ada then returns the same bytes unless someone changed it).
 */
export async function createTenantResources(options: {
  app: App;
  database: TestDatabase;
  jobs: JobQueue;
  client: AuthClient;
  receiver: WebhookReceiver;
}): Promise<TenantIds> {
  const { app, database, jobs, client, receiver } = options;
  const session = await client.session();
  if (!session) throw new Error('Ada is not signed in');
  const userId = session.user.id;

  const shared = await insertCatalogue(database, null, 'Shared');
  const own = await insertCatalogue(database, userId, `Ada${MARKER}`);

  const profile = await created<{ idealCustomerProfile: { segments: { id: string }[] } }>(
    client,
    'POST',
    '/api/v1/profile/icp-segments',
    { name: `Segment ${MARKER}`, industries: ['Manufacturing'] },
  );
  const icpSegmentId = profile.idealCustomerProfile.segments.at(-1)?.id ?? '';

  const importForm = new FormData();
  importForm.set(
    'file',
    new File([`Company name,Company Domain Name\nImported ${MARKER},imported-${MARKER}.example\n`], 'a.csv', {
      type: 'text/csv',
    }),
  );
  importForm.set('mapping', JSON.stringify({ name: 'Company name', domain: 'Company Domain Name' }));
  const companyImport = await multipart<{ id: string }>(app, client, '/api/v1/companies/imports', importForm);

  for (const companyId of [shared.companyId, own.companyId]) {
    await created(client, 'PUT', `/api/v1/companies/${companyId}/saved`, {
      notes: `Notes ${MARKER}`,
      tags: [MARKER],
    });
  }
  for (const contactId of [shared.contactId, own.contactId]) {
    await created(client, 'PUT', `/api/v1/people/${contactId}/saved`, {
      notes: `Notes ${MARKER}`,
      tags: [MARKER],
    });
  }

  const copilot = await created<{ sessionId: string }>(client, 'POST', '/api/v1/copilot/messages', {
    text: `Find fintech companies in Berlin ${MARKER}`,
  });

  const documentForm = new FormData();
  documentForm.append(
    'files',
    new File(
      [
        `# Security policy ${MARKER}\n\nAll data of ${MARKER} is encrypted at rest with AES-256. ` +
          `Our customer Shared Fabrication in Berlin signed the data processing agreement.\n`,
      ],
      `policy-${MARKER}.md`,
    ),
  );
  const upload = await multipart<{ results: { document?: { id: string } }[] }>(
    app,
    client,
    '/api/v1/knowledge/documents',
    documentForm,
  );
  const documentId = upload.results[0]?.document?.id ?? '';

  const entry = await created<{ id: string }>(client, 'POST', '/api/v1/answers/library', {
    question: `Do you encrypt data ${MARKER}?`,
    answer: `Yes, ${MARKER} data is encrypted.`,
  });
  const review = await created<{ id: string }>(client, 'POST', '/api/v1/answers/reviews', {
    question: `What is the uptime of ${MARKER}?`,
    note: `Note ${MARKER}`,
  });

  const rfp = await created<{ id: string; questions: { id: string }[] }>(
    client,
    'POST',
    '/api/v1/rfp/projects',
    {
      title: `Vendor assessment ${MARKER}`,
      text: `1. Do you encrypt data at rest (${MARKER})?\n2. Describe your backup policy (${MARKER}).`,
    },
  );
  const rfpQuestionId = rfp.questions[0]?.id ?? '';
  const draft = await created<{ jobId: string }>(client, 'POST', `/api/v1/rfp/projects/${rfp.id}/draft`);
  await created(client, 'POST', `/api/v1/rfp/projects/${rfp.id}/questions/${rfpQuestionId}/comments`, {
    body: `Comment ${MARKER}`,
  });

  const prospect = await created<{ id: string }>(client, 'POST', '/api/v1/prospects', {
    name: `Prospect ${MARKER}`,
  });
  await created(client, 'PUT', `/api/v1/prospects/${prospect.id}/forecasts`, {
    timelineDays: 120,
    conservativeAmount: 1000,
    realisticAmount: 2000,
    optimisticAmount: 3000,
  });
  await created(client, 'PUT', `/api/v1/prospects/${prospect.id}/momentum`, {
    velocityScore: 40,
    momentumTrend: 'steady',
    progressPercentage: 30,
    insight: `Insight ${MARKER}`,
  });

  const generated = await created<{ id: string }>(client, 'POST', '/api/v1/docgen/documents', {
    template: 'one-pager',
    companyId: own.companyId,
    notes: `Notes ${MARKER}`,
  });

  const project = await created<{ id: string }>(client, 'POST', '/api/v1/projects', {
    name: `Project ${MARKER}`,
    description: `About ${MARKER}`,
  });
  const item = await created<{ item: { id: string } }>(
    client,
    'POST',
    `/api/v1/projects/${project.id}/items`,
    {
      kind: 'prospect',
      refId: prospect.id,
    },
  );
  const note = await created<{ id: string }>(client, 'POST', `/api/v1/projects/${project.id}/notes`, {
    body: `Note ${MARKER}`,
  });

  const webhook = await created<{ id: string }>(client, 'POST', '/api/v1/integrations/webhooks', {
    url: receiver.url(`ok?${MARKER}`),
    description: `Hook ${MARKER}`,
    events: ['prospect.created'],
  });
  const delivery = await created<{ id: string }>(
    client,
    'POST',
    `/api/v1/integrations/webhooks/${webhook.id}/test`,
  );

  const apiKey = await created<{ id: string }>(client, 'POST', '/api/v1/integrations/api-keys', {
    name: `Key ${MARKER}`,
    scopes: ['companies:read'],
  });

  // A paid checkout as the provider's verified webhook reports it (the demo payment port has no sessions).
  const pkg = CREDIT_PACKAGES[0];
  if (!pkg) throw new Error('no credit package');
  const checkoutSessionId = `cs_test_${MARKER}`;
  const granted = await grantPaidCheckout(database.db, {
    sessionId: checkoutSessionId,
    packageId: pkg.id,
    amount: packageAmountCents(pkg),
    currency: 'usd',
    userId,
  });
  expect(granted.granted).toBe(true);

  // Settle everything queued (ingestion, drafting, the import, the webhook delivery) before anyone looks.
  for (let round = 0; round < 5; round++) await jobs.runOnce();

  const graph = await created<{ entities: { id: string }[] }>(
    client,
    'GET',
    '/api/v1/knowledge/graph/entities',
  );
  const entityId = graph.entities[0]?.id;
  if (!entityId) throw new Error("Ada's document gave no knowledge-graph entity");

  return {
    userId,
    icpSegmentId,
    companyImportId: companyImport.id,
    privateCompanyId: own.companyId,
    privateContactId: own.contactId,
    sharedCompanyId: shared.companyId,
    sharedContactId: shared.contactId,
    copilotSessionId: copilot.sessionId,
    documentId,
    entityId,
    libraryEntryId: entry.id,
    reviewId: review.id,
    rfpProjectId: rfp.id,
    rfpQuestionId,
    jobId: draft.jobId,
    generatedDocumentId: generated.id,
    prospectId: prospect.id,
    forecastTimelineDays: '120',
    projectId: project.id,
    projectItemId: item.item.id,
    projectNoteId: note.id,
    webhookId: webhook.id,
    webhookDeliveryId: delivery.id,
    apiKeyId: apiKey.id,
    checkoutSessionId,
  };
}
