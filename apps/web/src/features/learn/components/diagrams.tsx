import { Arrow, Box, Diagram } from './diagram';

export function MatchingDiagram() {
  const bars = [
    { name: 'Robot A', score: 94 },
    { name: 'Robot B', score: 81 },
    { name: 'Robot C', score: 58 },
  ];
  return (
    <Diagram
      title="How robots are matched to a task"
      description="Your task's payload, reach and budget go in. Every robot in the catalog gets a fit score from weighted checks: payload 35, reach 25, price 20, application 15 and industry 5. The robots come out ranked by score, here 94, 81 and 58, each with the reasons behind its score."
      caption="Only the requirements you give count: a task with just a payload is ranked on payload alone."
      viewBox="0 0 520 340"
    >
      <Box x={10} y={10} width={230} height={130} title="Your task" lines={['Payload 12 kg', 'Reach 1,100 mm', 'Budget $60,000']} />
      <Arrow from={[242, 75]} to={[276, 75]} />
      <Box x={280} y={10} width={230} height={130} title="Each robot scored" tone="brand" lines={['Payload 35 · Reach 25', 'Price 20 · Application 15', 'Industry 5']} />
      <Arrow from={[395, 142]} to={[395, 176]} />
      <Box x={10} y={180} width={500} height={150} title="Ranked matches, with reasons" tone="good" />
      {bars.map((bar, index) => {
        const y = 226 + index * 32;
        return (
          <g key={bar.name}>
            <text x={26} y={y + 15} className="fill-slate-800 text-[15px] dark:fill-slate-200">
              {bar.name}
            </text>
            <rect x={110} y={y} width={340} height={20} rx="4" className="fill-slate-200 dark:fill-slate-700" />
            <rect x={110} y={y} width={3.4 * bar.score} height={20} rx="4" className="fill-emerald-600 dark:fill-emerald-500" />
            <text x={460} y={y + 15} className="fill-slate-900 text-[15px] font-semibold dark:fill-white">
              {bar.score}
            </text>
          </g>
        );
      })}
    </Diagram>
  );
}

export function AssistantDiagram() {
  return (
    <Diagram
      title="How the robotics assistant answers"
      description="Four steps in a loop. One: you ask, for example which cobot suits 8 kg machine tending. Two: it works out your intent and the facts you gave. Three: it looks up the catalog, known error codes and your ROI figures. Four: it answers with up to three follow-up questions, three next steps and two sources."
      caption="The conversation keeps its state: each answer builds on what you already said."
      viewBox="0 0 520 340"
    >
      <Box x={10} y={10} width={230} height={130} title="1. You ask" lines={['“Which cobot for 8 kg', 'machine tending?”']} />
      <Arrow from={[242, 75]} to={[276, 75]} />
      <Box x={280} y={10} width={230} height={130} title="2. It understands" tone="brand" lines={['Intent: robot selection', 'Facts: 8 kg, tending']} />
      <Arrow from={[395, 142]} to={[395, 176]} />
      <Box x={280} y={180} width={230} height={150} title="3. It looks it up" tone="brand" lines={['Robot catalog', 'Error-code knowledge', 'Your ROI figures']} />
      <Arrow from={[278, 255]} to={[244, 255]} />
      <Box x={10} y={180} width={230} height={150} title="4. It answers" tone="good" lines={['3 follow-up questions', '3 next steps', '2 sources']} />
    </Diagram>
  );
}

/** The worked example of the calculator: $150,000 upfront, $89,400 a year, 5 years. */
const CUMULATIVE = [-150_000, -60_600, 28_800, 118_200, 207_600, 297_000];
const x = (year: number) => 80 + year * 82;
const y = (value: number) => 30 + ((300_000 - value) / 450_000) * 220;

export function RoiDiagram() {
  const points = CUMULATIVE.map((value, year) => `${x(year)},${y(value)}`).join(' ');
  const paybackX = x(150_000 / 89_400);
  return (
    <Diagram
      title="Cumulative cash flow of a robot cell"
      description="A line chart over five years. The cash flow starts at minus 150,000 dollars, the investment, rises by 89,400 dollars a year, crosses zero after 20.1 months, which is the payback, and reaches plus 297,000 dollars after five years."
      caption="The calculator's example: $150,000 upfront and $89,400 net savings a year pay back in 20.1 months."
      viewBox="0 0 520 300"
    >
      {[300_000, 150_000, 0, -150_000].map((value) => (
        <g key={value}>
          <line x1={70} x2={500} y1={y(value)} y2={y(value)} strokeWidth={value === 0 ? 2 : 1} className={value === 0 ? 'stroke-slate-600 dark:stroke-slate-300' : 'stroke-slate-200 dark:stroke-slate-700'} />
          <text x={62} y={y(value) + 5} textAnchor="end" className="fill-slate-700 text-[14px] dark:fill-slate-300">
            {value === 0 ? '$0' : `${value > 0 ? '+' : '−'}$${Math.abs(value / 1000)}k`}
          </text>
        </g>
      ))}
      {CUMULATIVE.map((_, year) => (
        <text key={year} x={x(year)} y={284} textAnchor="middle" className="fill-slate-700 text-[14px] dark:fill-slate-300">
          {`Y${year}`}
        </text>
      ))}
      <polyline points={points} fill="none" strokeWidth="4" strokeLinejoin="round" className="stroke-orange-600 dark:stroke-orange-400" />
      {CUMULATIVE.map((value, year) => (
        <circle key={year} cx={x(year)} cy={y(value)} r="5" className="fill-orange-600 dark:fill-orange-400" />
      ))}
      <line x1={paybackX} x2={paybackX} y1={y(0) - 70} y2={y(0)} strokeDasharray="5 4" strokeWidth="2" className="stroke-emerald-700 dark:stroke-emerald-400" />
      <text x={paybackX - 8} y={y(0) - 40} textAnchor="end" className="fill-emerald-800 text-[15px] font-semibold dark:fill-emerald-300">
        Payback: 20.1 months
      </text>
      <text x={x(0) + 12} y={y(-150_000) + 4} className="fill-slate-800 text-[14px] dark:fill-slate-200">
        Investment
      </text>
    </Diagram>
  );
}

export function VideoDiagram() {
  return (
    <Diagram
      title="How video analysis works"
      description="Four steps. One: an integrator uploads an MP4 video, or a ZIP of videos with an optional manifest. Two: stage 1 splits the video into activities, measures motion and cycle time and keeps key frames. Three: you confirm or correct payload weights and workstation sizes. Four: stage 2 proposes robot configurations from the catalog that are viable for the task."
      caption="Stage 2 only ever uses the data you confirmed."
      viewBox="0 0 520 340"
    >
      <Box x={10} y={10} width={230} height={130} title="1. Upload" lines={['An .mp4, or a .zip', 'with an optional manifest']} />
      <Arrow from={[242, 75]} to={[276, 75]} />
      <Box x={280} y={10} width={230} height={130} title="2. Stage 1" tone="brand" lines={['Activities, motion,', 'cycle time, key frames']} />
      <Arrow from={[395, 142]} to={[395, 176]} />
      <Box x={280} y={180} width={230} height={150} title="3. You confirm" lines={['Payload weights', 'Workstation sizes', 'Corrections']} />
      <Arrow from={[278, 255]} to={[244, 255]} />
      <Box x={10} y={180} width={230} height={150} title="4. Stage 2" tone="good" lines={['Viable robots: payload,', 'reach, axes and cycle', 'time checked']} />
    </Diagram>
  );
}
