import type { Role } from '@cellforge/contracts';

/** docs/product.md §3.6: the widget's mode label, from the session role (anonymous = customer). */
export function modeLabel(role: Role | null): string {
  if (role === 'supplier') return 'Supplier Mode';
  if (role === 'integrator') return 'Integrator Mode';
  return 'Customer Mode';
}

export interface GreetingInput {
  /** The page when the widget first opens. */
  page: string;
  authenticated: boolean;
  role: Role | null;
  firstName: string;
  appName: string;
}

/** The widget's first message: one for the ROI page, one per role when signed in, one for a visitor. */
export function widgetGreeting({ page, authenticated, role, firstName, appName }: GreetingInput): string {
  if (page === 'roi_calculator') {
    return "Hi! I can see the figures in your ROI calculator. Ask me whether the payback is good, what drives it, or how to improve it.";
  }
  if (authenticated) {
    const hello = firstName ? `Welcome back, ${firstName}!` : 'Welcome back!';
    if (role === 'supplier') {
      return `${hello} I can help you present your robots to buyers: specifications, applications, pricing and what customers ask about.`;
    }
    if (role === 'integrator') {
      return `${hello} I can help you size robots for your customer projects, compare models, explain controller alarms and estimate payback.`;
    }
    return `${hello} I can help you find the right robot for your task, troubleshoot an alarm or estimate the payback of automation.`;
  }
  return `Hi! I'm the ${appName} AI assistant. Ask me about choosing a robot, an error code or the payback of automation. Sign in for answers tailored to your role.`;
}
