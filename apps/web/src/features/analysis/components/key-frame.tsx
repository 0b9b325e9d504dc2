import { useEffect, useMemo } from 'react';
import { useKeyFrame } from '../api/get-key-frame';

/** The key frame stage 1 kept for an activity; nothing while it loads or when it is missing. */
export function KeyFrame({ jobId, frameKey, label }: { jobId: string | undefined; frameKey: string; label: string }) {
  const { data } = useKeyFrame(jobId, frameKey);
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  if (!url) return null;
  return (
    <img
      src={url}
      alt={`Key frame of ${label}`}
      className="mt-2 aspect-video w-full max-w-xs rounded-lg border border-slate-200 object-cover dark:border-slate-700"
    />
  );
}
