import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { AssistantDiagram, MatchingDiagram, RoiDiagram, VideoDiagram } from './diagrams';

const linkClasses =
  'font-semibold text-orange-800 underline underline-offset-2 hover:no-underline dark:text-orange-300';

const SECTIONS = [
  { id: 'matching', title: 'Matching robots to your task' },
  { id: 'assistant', title: 'The robotics assistant' },
  { id: 'roi', title: 'The ROI calculator' },
  { id: 'video-analysis', title: 'Video analysis' },
] as const;

function Section({
  id,
  title,
  diagram,
  children,
}: {
  id: (typeof SECTIONS)[number]['id'];
  title: string;
  diagram: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 border-t border-slate-200 py-12 dark:border-slate-800">
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <div className="space-y-4 text-slate-700 dark:text-slate-300">
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            {title}
          </h2>
          {children}
        </div>
        {diagram}
      </div>
    </section>
  );
}

export function LearnPage() {
  return (
    <Page
      title={`How ${env.appName} works`}
      documentTitle="How it works"
      lead={
        <p>
          What happens behind the catalog, the assistant, the ROI calculator and the video analysis, and what each
          needs from you. No black boxes: every figure can be traced back to an input.
        </p>
      }
    >
      <nav aria-label="On this page" className="mb-4">
        <ol className="flex flex-wrap gap-2">
          {SECTIONS.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="matching" title="Matching robots to your task" diagram={<MatchingDiagram />}>
        <p>
          A customer project states what the robot must do: the heaviest part, how far it must reach, the budget, the
          application and the industry. Every robot in the catalog is checked against each requirement you gave.
        </p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong className="text-slate-900 dark:text-white">Payload</strong> must carry the part plus a 20% margin for
            the gripper; a robot far larger than needed scores lower, because you would pay for capacity you do not use.
          </li>
          <li>
            <strong className="text-slate-900 dark:text-white">Reach</strong> must cover the distance you need;{' '}
            <strong className="text-slate-900 dark:text-white">price</strong> is compared with your budget, and
            application and industry with what the robot is made for.
          </li>
          <li>
            The weighted checks add up to a fit score from 0 to 100, and every match lists the reasons, so you can see
            why a robot ranks where it does.
          </li>
        </ul>
        <p>
          <Link to={paths.catalog.getHref()} className={linkClasses}>
            Browse the catalog
          </Link>{' '}
          to filter the same data yourself.
        </p>
      </Section>

      <Section id="assistant" title="The robotics assistant" diagram={<AssistantDiagram />}>
        <p>
          The assistant answers robotics questions, helps you select a robot and helps you troubleshoot. It first works
          out what you want (choosing a robot, fixing a fault, estimating a return) and the facts you gave: payloads,
          reach, model numbers, error codes, cycle times.
        </p>
        <p>
          Then it looks things up in the robot catalog and its error-code knowledge. On the ROI calculator it also sees
          your figures, so you can ask “is this payback good?”. Each answer ends with up to three follow-up questions,
          three recommended next steps and up to two sources naming the manufacturer.
        </p>
        <p>
          <Link to={paths.agent.getHref('robotics-advisor')} className={linkClasses}>
            Meet the Robotics Advisor
          </Link>{' '}
          or open the chat on any page.
        </p>
      </Section>

      <Section id="roi" title="The ROI calculator" diagram={<RoiDiagram />}>
        <p>The calculator turns figures you know from your line into the numbers a business case needs:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong className="text-slate-900 dark:text-white">Annual savings</strong> = labour replaced (workers per
            shift × shifts × hours × working days × loaded hourly cost) + productivity gain + scrap and quality savings
            − maintenance − energy.
          </li>
          <li>
            <strong className="text-slate-900 dark:text-white">Payback</strong> = upfront cost ÷ annual savings × 12
            months; “never” when the cell costs more to run than it saves.
          </li>
          <li>
            <strong className="text-slate-900 dark:text-white">ROI</strong> compares the net gain over your horizon with
            the investment; <strong className="text-slate-900 dark:text-white">NPV</strong> discounts each year’s cash
            flow at your rate; <strong className="text-slate-900 dark:text-white">IRR</strong> is the rate at which the
            NPV is zero.
          </li>
          <li>
            Pessimistic and optimistic scenarios move all savings and costs by fixed factors, so you see how robust the
            case is.
          </li>
        </ul>
        <p>
          The web page and the API use the same code, so the figures always agree.{' '}
          <Link to={paths.roiCalculator.getHref()} className={linkClasses}>
            Try the ROI calculator
          </Link>
          .
        </p>
      </Section>

      <Section id="video-analysis" title="Video analysis" diagram={<VideoDiagram />}>
        <p>
          System integrators can upload a video of the manual process, as an .mp4 or as a .zip holding one or more
          videos and an optional manifest of payload names, weights and workstation sizes.
        </p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>Stage 1 runs on the real video: it splits it into activities, measures motion and cycle time and keeps key frames.</li>
          <li>You confirm or correct what it found, such as payload weights and workstation sizes.</li>
          <li>
            Stage 2 proposes robot configurations from the catalog. A configuration is viable when payload, reach and
            axes fit the task with a safety margin and the estimated cycle keeps up with the one in the video.
          </li>
        </ol>
        <p>
          Video analysis lives in the{' '}
          <Link to={paths.authPortal.getHref('integrator')} className={linkClasses}>
            System Integrator portal
          </Link>
          .
        </p>
      </Section>

      <div className="border-t border-slate-200 pt-10 dark:border-slate-800">
        <Link to={paths.betaSignup.getHref()} className={buttonClasses({ size: 'lg' })}>
          Get Early Access
        </Link>
      </div>
    </Page>
  );
}
