import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { Prose, ProseSection } from './prose';

export function PrivacyPage() {
  const name = env.appName;
  return (
    <Page
      title="Privacy"
      documentTitle="Privacy policy"
      lead={
        <p>
          {name} is self-hosted software. This page explains what an instance of {name} stores, where, and who is
          responsible for it.
        </p>
      }
    >
      <Prose>
        <ProseSection title="Who is responsible">
          <p>
            The organisation that operates this instance is the controller of the data it holds. The {name} open-source
            project publishes the software only; it does not receive, see or process data from instances run by others.
            To reach the operator of this instance, use the <Link to={paths.contact.getHref()}>contact form</Link>.
          </p>
        </ProseSection>
        <ProseSection title="What is stored">
          <ul>
            <li>
              <strong>Account data</strong>: your email address, name, role (customer, supplier or integrator), the
              optional company details you enter (company name, phone, job title, website, company size, industry),
              your preferences and a salted hash of your password. The password itself is never stored.
            </li>
            <li>
              <strong>Contact messages</strong>: the name, email, company, subject and text you send through the contact
              form, and early-access sign-ups.
            </li>
            <li>
              <strong>Uploads and project data</strong>: robot data files, videos sent for analysis, the analysis
              results and the projects, listings and leads you create.
            </li>
          </ul>
        </ProseSection>
        <ProseSection title="Where it is stored">
          <p>
            Data is stored in the database and file storage chosen by the operator, by default on the same server as the
            application (local-first). It is used only to run the service: signing you in, showing your projects and
            listings, and passing leads between customers and suppliers.
          </p>
          <p>
            In your browser, {name} keeps your sign-in token (<code>access_token</code>), a copy of your profile (
            <code>user_data</code>), your theme choice (<code>theme</code>) and whether you dismissed the announcement
            banner. Signing out removes the token and the profile copy.
          </p>
        </ProseSection>
        <ProseSection title="No trackers">
          <p>
            {name} contains no third-party trackers, analytics, advertising or social-media scripts, and sets no cookies
            for tracking.
          </p>
        </ProseSection>
        <ProseSection title="AI assistant">
          <p>
            Questions you ask the AI assistant are answered by the model the operator has configured. By default this is
            a built-in assistant on the same server; if the operator connects an external model provider, your
            messages are sent to that provider to produce an answer.
          </p>
        </ProseSection>
        <ProseSection title="Your choices">
          <p>
            You can correct your profile at any time. To obtain a copy of your data or have your account and
            uploads deleted, contact the operator of this instance.
          </p>
        </ProseSection>
      </Prose>
    </Page>
  );
}
