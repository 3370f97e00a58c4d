import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type IcpSegment, type IcpSegmentInput, PROFILE_ERRORS } from '../../../../shared/profile.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useProfileChange } from '../../../lib/profile.ts';
import { toastFailure } from '../../../lib/toast.ts';
import { IcpSegmentForm } from './icp-segment-form.tsx';

const failed = (title: string) => (err: unknown) => toastFailure(title, err);

function SegmentCard({ segment }: { segment: IcpSegment }) {
  const change = useProfileChange();
  const [editing, setEditing] = useState(false);
  const facts = [
    ...segment.industries,
    ...segment.companySizes.map((size) => `${size} employees`),
    ...segment.regions,
    ...segment.jobTitles,
    ...segment.keywords,
  ];

  if (editing) {
    return (
      <li className="rounded-xl border p-4">
        <IcpSegmentForm
          segment={segment}
          saving={change.isPending}
          onCancel={() => setEditing(false)}
          onSave={(input) =>
            change.mutate(
              { kind: 'update-segment', id: segment.id, segment: input },
              { onSuccess: () => setEditing(false), onError: failed(PROFILE_ERRORS.updateSegment) },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-3 rounded-xl border p-4" data-segment-id={segment.id}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="font-medium">{segment.name}</h3>
          <p className="text-xs text-muted-foreground">
            {segment.isActive ? 'Active' : 'Paused'} · updated{' '}
            {new Date(segment.updatedAt).toLocaleDateString()}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Switch
            checked={segment.isActive}
            aria-label={`${segment.name} active`}
            disabled={change.isPending}
            onCheckedChange={() =>
              change.mutate(
                { kind: 'toggle-segment', id: segment.id },
                { onError: failed(PROFILE_ERRORS.toggleSegment) },
              )
            }
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${segment.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${segment.name}`}
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { kind: 'delete-segment', id: segment.id },
                { onError: failed(PROFILE_ERRORS.deleteSegment) },
              )
            }
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {facts.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {facts.map((fact) => (
            <Badge key={fact} variant="secondary">
              {fact}
            </Badge>
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No criteria yet: edit the segment to add some.</p>
      )}
    </li>
  );
}

/** The ICP's segments with toggle, edit and delete, and a form to add one (spec 1 §4 segment operations). */
export function IcpSegmentList({ segments }: { segments: readonly IcpSegment[] }) {
  const change = useProfileChange();
  const [adding, setAdding] = useState(segments.length === 0);
  const add = (segment: IcpSegmentInput) =>
    change.mutate(
      { kind: 'add-segment', segment },
      { onSuccess: () => setAdding(false), onError: failed(PROFILE_ERRORS.addSegment) },
    );
  return (
    <div className="flex flex-col gap-4">
      {segments.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="ICP segments">
          {segments.map((segment) => (
            <SegmentCard key={segment.id} segment={segment} />
          ))}
        </ul>
      )}
      {adding ? (
        <div className="rounded-xl border border-dashed p-4">
          <IcpSegmentForm
            saving={change.isPending}
            onSave={add}
            onCancel={segments.length > 0 ? () => setAdding(false) : undefined}
          />
        </div>
      ) : (
        <Button variant="outline" onClick={() => setAdding(true)} className="self-start">
          Add another segment
        </Button>
      )}
    </div>
  );
}
