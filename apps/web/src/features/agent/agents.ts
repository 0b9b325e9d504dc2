/** The agent pages (spec: /agent/{slug}, one fixed slug). */
export interface AgentProfile {
  slug: string;
  name: string;
  tagline: string;
  description: string;
  capabilities: ReadonlyArray<{ title: string; text: string }>;
  exampleQuestions: readonly string[];
}

export const ROBOTICS_ADVISOR: AgentProfile = {
  slug: 'robotics-advisor',
  name: 'Robotics Advisor',
  tagline: 'An AI advisor for choosing, sizing and troubleshooting industrial robots.',
  description:
    'Describe the task you want to automate or the fault you are chasing. The advisor asks what it needs to know, checks the robot catalog and its error-code knowledge, and answers with next steps and the manufacturers it relied on.',
  capabilities: [
    {
      title: 'Robot selection',
      text: 'Turns payload, reach, cycle time and budget into a shortlist from the catalog, with the margin left for the gripper.',
    },
    {
      title: 'Troubleshooting',
      text: 'Explains controller error codes and alarms and walks through the checks, in the order a service engineer would.',
    },
    {
      title: 'Business case',
      text: 'Reads the figures of the ROI calculator and tells you whether the payback is good and what moves it most.',
    },
    {
      title: 'Plain answers',
      text: 'Every answer ends with follow-up questions, recommended next steps and its sources.',
    },
  ],
  exampleQuestions: [
    'Which cobot can handle 8 kg parts for CNC machine tending?',
    'What reach do I need to palletise 1.2 m high pallets from one conveyor?',
    'My FANUC robot shows SRVO-050. What should I check first?',
    'Is a 20-month payback good for a palletising cell?',
    'SCARA or delta robot for picking 3,000 small parts an hour?',
    'What changes when a cobot shares the workspace with operators?',
  ],
};

export const AGENTS: readonly AgentProfile[] = [ROBOTICS_ADVISOR];

export function findAgent(slug: string | undefined): AgentProfile | undefined {
  return AGENTS.find((agent) => agent.slug === slug);
}
