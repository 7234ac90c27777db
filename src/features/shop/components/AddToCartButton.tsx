import { imageSource } from '@/lib/pocketbase/files';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';
import { button } from '@/ui/button/button.css';
import { printCartId } from '../model/cart';
import { useCartStore } from '../store';
import { useShopPricing } from './use-shop-pricing';

/**
 * "Add to Cart" for a print; disabled as "Sold Out" when no copies are left (`available`: the
 * live count when the page has one).
 */
export function AddToCartButton({
  print,
  available = print.available,
  block = false,
}: {
  print: PrintsRecord;
  available?: number;
  block?: boolean;
}) {
  const add = useCartStore((s) => s.add);
  const { currency, priceOf } = useShopPricing();
  const soldOut = available <= 0;
  const line = {
    id: printCartId(print.id),
    title: print.title,
    price: priceOf(print),
    currency,
    imageUrl: imageSource(print, print.main_image || print.cover_image, 400)?.src ?? '',
  };
  return (
    <button
      type="button"
      className={button({ tone: 'solid', block })}
      disabled={soldOut}
      // the line as add() receives it: the boot script adds it when pressed before the app has
      // started (scripts/vite/boot-after-paint.ts); checkout prices it from the database
      data-cart-line={JSON.stringify(line)}
      onClick={() => add(line)}
    >
      {soldOut ? 'Sold Out' : 'Add to Cart'}
    </button>
  );
}
