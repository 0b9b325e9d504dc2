import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { Prose, ProseSection } from './prose';

export function AboutPage() {
  const name = env.appName;
  return (
    <Page
      title={`About ${name}`}
      lead={
        <p>
          {name} is an open-source, self-hostable marketplace and advisory tool for industrial robots. It brings
          together the three groups that turn an automation idea into a working robot cell.
        </p>
      }
    >
      <Prose>
        <ProseSection title="Who it is for">
          <ul>
            <li>
              <strong>Customers</strong>: manufacturers and workshops that want to automate a task. They describe what
              they need, compare robots and contact suppliers.
            </li>
            <li>
              <strong>Suppliers</strong>: robot makers and distributors. They list robots with their specifications and
              receive leads from customers.
            </li>
            <li>
              <strong>System integrators</strong>: the engineers who deploy robots on site. They manage a robot catalog
              and customer projects, import robot data in bulk and analyse videos of work cells.
            </li>
          </ul>
        </ProseSection>
        <ProseSection title="What it does">
          <p>
            {name} offers a robot catalog with comparable specifications, an ROI calculator, an AI assistant for
            robotics questions and an integrator workspace. Prices and estimates are indicative: they help you decide
            what to ask a supplier, not replace a quote or a safety assessment.
          </p>
        </ProseSection>
        <ProseSection title="Open source and self-hosted">
          <p>
            The software is released under the MIT licence. Anyone can run their own instance, with their own database,
            file storage and AI model, and keep all data on their own servers. The organisation that runs an instance
            is responsible for it and for the data it holds.
          </p>
        </ProseSection>
        <ProseSection title="Get in touch">
          <p>
            Questions, listings or partnerships: use the <Link to={paths.contact.getHref()}>contact form</Link>. Want to
            be among the first users? <Link to={paths.betaSignup.getHref()}>Get early access</Link>.
          </p>
        </ProseSection>
      </Prose>
    </Page>
  );
}
