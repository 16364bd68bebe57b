import { ApiRequestError } from '../../lib/api';
import { Editor } from './product-editor/Editor';
import { LoadFailed, SellerGate } from './SellerGate';

/** /dashboard/products/new/ and /dashboard/products/edit/?id=…: every field of one product. */
export default function ProductEditor({ mode }: { mode: 'new' | 'edit' }) {
  const id = mode === 'edit' ? new URLSearchParams(location.search).get('id') : null;
  const here = mode === 'edit' ? `/dashboard/products/edit/?id=${id ?? ''}` : '/dashboard/products/new/';
  if (mode === 'edit' && !id)
    return <LoadFailed error={new ApiRequestError('No product chosen', 404)} retry={() => location.reload()} />;
  return (
    <SellerGate next={here} needsStore={mode === 'new'}>
      <Editor id={id} />
    </SellerGate>
  );
}
