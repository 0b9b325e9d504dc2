import type { ReactNode } from 'react';
import type { Robot } from '@cellforge/contracts';
import { Picture } from '@/components/ui/picture';
import { cn } from '@/lib/cn';
import { robotName } from '@/lib/robot-format';

export type IllustrationKind = 'articulated' | 'collaborative' | 'scara' | 'delta' | 'palletizing' | 'heavy-payload' | 'mobile';

/** The drawing a category gets (catalog categories, and the spellings bulk uploads bring: "cobot", "AMR"...). */
export function illustrationKind(category: string): IllustrationKind {
  const c = category.toLowerCase();
  if (c.includes('scara')) return 'scara';
  if (c.includes('delta') || c.includes('parallel')) return 'delta';
  if (c.includes('pallet')) return 'palletizing';
  if (c.includes('collab') || c.includes('cobot')) return 'collaborative';
  if (c.includes('heavy')) return 'heavy-payload';
  if (c.includes('mobile') || c.includes('amr') || c.includes('agv')) return 'mobile';
  return 'articulated';
}

const KIND_NAMES: Record<IllustrationKind, string> = {
  articulated: 'an articulated robot arm',
  collaborative: 'a collaborative robot (cobot)',
  scara: 'a SCARA robot',
  delta: 'a delta robot',
  palletizing: 'a palletizing robot',
  'heavy-payload': 'a heavy-payload robot arm',
  mobile: 'a mobile robot',
};

/** "Drawing of a SCARA robot: no photo of the Epson T6 yet". */
export function illustrationAlt(category: string, name: string): string {
  return `Drawing of ${KIND_NAMES[illustrationKind(category)]}: no photo of the ${name} yet`;
}

/** A joint: a ring filled with the frame's colour, so it sits on top of the links. */
function Joint({ x, y, r = 6 }: { x: number; y: number; r?: number }) {
  return <circle cx={x} cy={y} r={r} className="fill-slate-100 dark:fill-slate-800" />;
}

const floor = <path d="M24 92H176" strokeWidth={2} opacity={0.5} />;
const gripper = (x: number, y: number) => <path d={`M${x - 6} ${y}h12M${x - 6} ${y}v7M${x + 6} ${y}v7`} strokeWidth={3} />;

const DRAWINGS: Record<IllustrationKind, ReactNode> = {
  articulated: (
    <>
      {floor}
      <rect x={68} y={80} width={34} height={12} rx={2} />
      <path d="M85 80V70" strokeWidth={8} />
      <path d="M85 70L110 34L146 48" strokeWidth={7} />
      <path d="M146 48L150 62" strokeWidth={5} />
      <Joint x={85} y={70} />
      <Joint x={110} y={34} />
      <Joint x={146} y={48} r={4.5} />
      {gripper(150, 64)}
    </>
  ),
  collaborative: (
    <>
      {floor}
      <rect x={70} y={84} width={30} height={8} rx={4} />
      <path d="M85 84V44" strokeWidth={10} />
      <path d="M85 44H132" strokeWidth={9} />
      <path d="M132 44V66" strokeWidth={8} />
      <Joint x={85} y={70} r={7.5} />
      <Joint x={85} y={44} r={8} />
      <Joint x={132} y={44} r={7.5} />
      <rect x={126} y={66} width={12} height={6} rx={2} />
    </>
  ),
  scara: (
    <>
      {floor}
      <rect x={46} y={84} width={36} height={8} rx={2} />
      <path d="M64 84V30" strokeWidth={12} />
      <path d="M64 30H114" strokeWidth={8} />
      <path d="M114 34L150 40" strokeWidth={7} />
      <path d="M150 26V72" strokeWidth={3.5} />
      <Joint x={64} y={30} r={7} />
      <Joint x={114} y={32} r={6} />
      {gripper(150, 74)}
    </>
  ),
  delta: (
    <>
      <path d="M40 12H160" strokeWidth={2} opacity={0.5} />
      <rect x={62} y={14} width={76} height={10} rx={3} />
      <path d="M74 24L84 46L94 66" strokeWidth={4} />
      <path d="M126 24L116 46L106 66" strokeWidth={4} />
      <path d="M100 24V44L100 66" strokeWidth={4} />
      <Joint x={84} y={46} r={3.5} />
      <Joint x={116} y={46} r={3.5} />
      <Joint x={100} y={44} r={3.5} />
      <path d="M90 68H110" strokeWidth={5} />
      <path d="M100 70V78" strokeWidth={3} />
      <path d="M60 88H140" strokeWidth={3} />
      <rect x={92} y={80} width={16} height={8} rx={1} />
    </>
  ),
  palletizing: (
    <>
      {floor}
      <rect x={32} y={80} width={34} height={12} rx={2} />
      <path d="M49 80V68" strokeWidth={9} />
      <path d="M49 68L68 30L112 34" strokeWidth={7} />
      <path d="M56 64L74 32" strokeWidth={2.5} />
      <path d="M112 34V52" strokeWidth={4} />
      <Joint x={49} y={68} />
      <Joint x={68} y={30} />
      <Joint x={112} y={34} r={4.5} />
      <path d="M104 53H120" strokeWidth={4} />
      <path d="M126 88H176" strokeWidth={4} />
      <rect x={128} y={72} width={22} height={14} rx={1} />
      <rect x={152} y={72} width={22} height={14} rx={1} />
      <rect x={140} y={56} width={22} height={14} rx={1} />
    </>
  ),
  'heavy-payload': (
    <>
      {floor}
      <rect x={58} y={76} width={50} height={16} rx={3} />
      <path d="M83 76V64" strokeWidth={12} />
      <rect x={48} y={52} width={22} height={16} rx={3} />
      <path d="M70 60H83" strokeWidth={6} />
      <path d="M83 64L106 26L150 40" strokeWidth={11} />
      <path d="M150 40L154 58" strokeWidth={7} />
      <Joint x={83} y={64} r={8} />
      <Joint x={106} y={26} r={8} />
      <Joint x={150} y={40} r={5.5} />
      <path d="M144 60h20M144 60v10M164 60v10" strokeWidth={4} />
    </>
  ),
  mobile: (
    <>
      {floor}
      <rect x={46} y={62} width={108} height={20} rx={6} />
      <circle cx={68} cy={85} r={6} className="fill-slate-100 dark:fill-slate-800" />
      <circle cx={132} cy={85} r={6} className="fill-slate-100 dark:fill-slate-800" />
      <path d="M70 72H84" strokeWidth={2.5} opacity={0.6} />
      <path d="M100 62V52L116 30L140 38" strokeWidth={6} />
      <path d="M140 38L143 50" strokeWidth={4} />
      <Joint x={100} y={52} r={5} />
      <Joint x={116} y={30} r={5} />
      {gripper(143, 52)}
    </>
  ),
};

/**
 * A clean line drawing of the robot's kind, for models without a photo: fills its box (the
 * caller fixes the aspect ratio, so nothing shifts when a photo arrives later), follows the
 * theme through currentColor, and says what it is (an image with a text alternative).
 */
export function CategoryIllustration({ category, name, className, decorative = false }: { category: string; name: string; className?: string; decorative?: boolean }) {
  const kind = illustrationKind(category);
  return (
    <div
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': illustrationAlt(category, name) })}
      data-illustration={kind}
      className={cn('flex items-center justify-center bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400', className)}
    >
      <svg
        viewBox="0 0 200 100"
        className="h-full max-h-full w-full"
        fill="none"
        stroke="currentColor"
        strokeWidth={3}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {DRAWINGS[kind]}
      </svg>
    </div>
  );
}

/**
 * The model's picture (the first of its cheapest offer with pictures) or its category's drawing,
 * in a box of fixed aspect. `decorative` where the robot is named right beside it (a compare
 * column's header): the picture would only repeat the name there.
 */
export function RobotCover({
  robot,
  className,
  loading,
  decorative = false,
}: {
  robot: Pick<Robot, 'manufacturer' | 'model' | 'category' | 'offers'>;
  className?: string;
  loading?: 'lazy' | 'eager';
  decorative?: boolean;
}) {
  const name = robotName(robot);
  const image = robot.offers?.image;
  return (
    <div className={cn('aspect-[2/1] overflow-hidden rounded-xl', className)}>
      {image ? (
        <Picture src={image.url} alt={decorative ? '' : image.alt || `${name}, photo from a supplier`} width={image.width} height={image.height} className="h-full w-full" loading={loading} />
      ) : (
        <CategoryIllustration category={robot.category} name={name} className="h-full w-full" decorative={decorative} />
      )}
    </div>
  );
}
