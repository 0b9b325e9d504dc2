import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { Prose, ProseSection } from './prose';

export function TermsPage() {
  const name = env.appName;
  return (
    <Page
      title="Terms"
      documentTitle="Terms of use"
      lead={<p>The terms that apply when you use this instance of {name}.</p>}
    >
      <Prose>
        <ProseSection title="The software">
          <p>
            {name} is open-source software released under the MIT licence. You may use, copy, modify and distribute it
            under that licence. This instance is run by its operator, who sets any further rules for its use.
          </p>
        </ProseSection>
        <ProseSection title="Listings">
          <p>
            Robot listings, specifications and documents are provided by suppliers, who are responsible for their
            accuracy. {name} and the operator do not sell robots and are not a party to any agreement between a
            customer, a supplier or an integrator.
          </p>
        </ProseSection>
        <ProseSection title="Prices, estimates and advice">
          <p>
            Prices are indicative and are not offers. ROI estimates, robot recommendations, video analysis results and
            AI answers are for information only: they do not replace a supplier&apos;s quote, an engineering review or
            the risk assessment required before a robot goes into service.
          </p>
        </ProseSection>
        <ProseSection title="Your account">
          <p>
            Keep your password private and give accurate details. Do not upload content you have no right to share,
            misuse other users&apos; contact details or try to disrupt the service. The operator may suspend accounts
            that break these rules.
          </p>
        </ProseSection>
        <ProseSection title="No warranty">
          <p>
            The software and the service are provided &quot;as is&quot;, without warranty of any kind, express or implied,
            including fitness for a particular purpose. To the extent the law allows, the authors and the operator are
            not liable for any damage arising from their use.
          </p>
        </ProseSection>
        <ProseSection title="Questions">
          <p>
            Questions about these terms: use the <Link to={paths.contact.getHref()}>contact form</Link>.
          </p>
        </ProseSection>
      </Prose>
    </Page>
  );
}
