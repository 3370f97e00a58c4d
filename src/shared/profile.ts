/**
 * The user's profile (spec 1 §3 `user_profiles`): onboarding state, the company they sell for, and the ideal
 * customer profile as segments. Shared by the API (validation, OpenAPI) and the web (forms).
 */
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const list = (max: number) =>
  z
    .array(text(80).min(1, 'must not be empty'))
    .max(max, `must have at most ${max} entries`)
    .transform((values) => [...new Set(values)]);

/** Employee-range labels, the same bands the Company Finder filters on. */
export const COMPANY_SIZES = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10000+',
] as const;

/** The fields a user edits on a segment (spec 1 §3 leaves them open; these are what Apollo and HubSpot ask). */
const segmentFields = {
  name: text(80).min(1, 'Give the segment a name'),
  industries: list(20),
  companySizes: z.array(z.enum(COMPANY_SIZES)).max(COMPANY_SIZES.length),
  regions: list(30),
  jobTitles: list(30),
  keywords: list(30),
  isActive: z.boolean(),
};
export const icpSegmentInputSchema = z.object({
  ...segmentFields,
  industries: segmentFields.industries.default([]),
  companySizes: segmentFields.companySizes.default([]),
  regions: segmentFields.regions.default([]),
  jobTitles: segmentFields.jobTitles.default([]),
  keywords: segmentFields.keywords.default([]),
  isActive: segmentFields.isActive.default(true),
});
export type IcpSegmentInput = z.input<typeof icpSegmentInputSchema>;

/** A change to a segment: only the fields sent change (no defaults, or a PATCH would reset the rest). */
export const icpSegmentPatchSchema = z.object(segmentFields).partial();

export const icpSegmentSchema = icpSegmentInputSchema.extend({
  id: z.uuid(),
  /** ISO timestamp of the last change (spec 1 §4: set on update). */
  updatedAt: z.iso.datetime(),
});
export type IcpSegment = z.infer<typeof icpSegmentSchema>;

export const idealCustomerProfileSchema = z.object({
  segments: z.array(icpSegmentSchema).max(50),
  summary: text(2000),
});
export type IdealCustomerProfile = z.infer<typeof idealCustomerProfileSchema>;

export const companySchema = z.object({
  name: text(120),
  website: text(200),
  industry: text(120),
  /** What the user sells, in their words. */
  offering: text(1000),
});
export type Company = z.infer<typeof companySchema>;

export const profileSchema = z.object({
  onboardingCompleted: z.boolean(),
  company: companySchema,
  idealCustomerProfile: idealCustomerProfileSchema,
  updatedAt: z.iso.datetime(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z
  .object({
    onboardingCompleted: z.boolean(),
    company: companySchema.partial(),
    summary: text(2000),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Spec 1 §8: what the profile screens say when the server gives no message. */
export const PROFILE_ERRORS = {
  fetch: 'Failed to fetch profile',
  update: 'Failed to update profile',
  addSegment: 'Failed to add ICP segment',
  updateSegment: 'Failed to update ICP segment',
  deleteSegment: 'Failed to delete ICP segment',
  toggleSegment: 'Failed to toggle ICP segment',
} as const;

/** A one-line summary of the active segments, used when the user writes none. */
export function summarizeSegments(segments: readonly IcpSegment[]): string {
  const active = segments.filter((segment) => segment.isActive);
  if (active.length === 0) return '';
  return active
    .map((segment) => {
      const parts = [
        segment.industries.join(', '),
        segment.companySizes.length ? `${segment.companySizes.join(', ')} employees` : '',
        segment.regions.length ? `in ${segment.regions.join(', ')}` : '',
        segment.jobTitles.length ? `selling to ${segment.jobTitles.join(', ')}` : '',
      ].filter(Boolean);
      return `${segment.name}${parts.length ? `: ${parts.join(' ')}` : ''}`;
    })
    .join('; ');
}
