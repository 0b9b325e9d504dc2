import { Page } from '@/components/layout/page';
import { env } from '@/config/env';
import { ContactForm } from '@/features/contact/components/contact-form';

export default function ContactRoute() {
  return (
    <Page
      title="Contact"
      documentTitle="Contact us"
      lead={
        <p>
          Questions about {env.appName}, a listing, a partnership or this instance? Send a message and the team
          running this instance will get back to you by email.
        </p>
      }
    >
      <div className="max-w-2xl">
        <ContactForm />
      </div>
    </Page>
  );
}
