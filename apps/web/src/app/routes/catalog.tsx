import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function CatalogRoute() {
  return (
    <PlaceholderPage
      title="Robot Catalog"
      description="The searchable catalog of industrial robots listed by suppliers is being built and will appear here."
    />
  );
}
