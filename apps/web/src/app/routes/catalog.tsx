import { CatalogPage } from '@/features/catalog/components/catalog-page';

export default function CatalogRoute() {
  return <CatalogPage />;
}
