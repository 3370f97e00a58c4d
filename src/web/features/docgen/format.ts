import {
  DOC_TEMPLATE_INFO,
  DOC_TEMPLATES,
  type DocTemplate,
  type DocTemplateInfo,
} from '../../../shared/docgen.ts';

export type DocInput = DocTemplateInfo['needs'][number];

export const INPUT_LABELS: Record<DocInput, string> = {
  company: 'Company',
  contact: 'Contact',
  prospect: 'Prospect',
};

export const KIND_LABELS: Record<DocTemplateInfo['kind'], string> = {
  document: 'Document',
  email: 'E-mail',
};

/** A template's name, also for a template a newer server added. */
export const templateName = (template: string): string =>
  (DOC_TEMPLATES as readonly string[]).includes(template)
    ? DOC_TEMPLATE_INFO[template as DocTemplate].name
    : template;

export const isEmailTemplate = (template: string): boolean =>
  (DOC_TEMPLATES as readonly string[]).includes(template) &&
  DOC_TEMPLATE_INFO[template as DocTemplate].kind === 'email';

/** "Company, contact and prospect". */
export function listOf(inputs: readonly DocInput[]): string {
  const words = inputs.map((input, index) =>
    index === 0 ? INPUT_LABELS[input] : INPUT_LABELS[input].toLowerCase(),
  );
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
