/**
 * Which request (lead, conversation, opportunity) a control is about, for its accessible name:
 * two open requests on the same model had buttons a screen reader announced alike ("Answer with a
 * quote for the FANUC CRX-25iA" twice). Buyer, project and when it was sent tell them apart; the
 * time is to the minute, since one buyer may ask twice on the same day.
 */
export function requestWhich({ buyer, project, sentAt }: { buyer?: string | null; project?: string | null; sentAt: string }): string {
  return [buyer ? `from ${buyer}` : null, project ? `project ${project}` : null, `sent ${formatStamp(sentAt)}`].filter(Boolean).join(', ');
}

/** "27 Nov 2026, 14:05" (the reader's time zone). */
export function formatStamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
