import { imageSource } from '@/lib/pocketbase/files';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';
import { button } from '@/ui/button/button.css';
import { printCartId } from '../model/cart';
import { useCartStore } from '../store';
import { useShopPricing } from './use-shop-pricing';

/** "Add to Cart" for a print; disabled as "Sold Out" when no copies are left. */
export function AddToCartButton({ print, block = false }: { print: PrintsRecord; block?: boolean }) {
  const add = useCartStore((s) => s.add);
  const { currency, priceOf } = useShopPricing();
  const soldOut = print.available <= 0;
  return (
    <button
      type="button"
      className={button({ tone: 'solid', block })}
      disabled={soldOut}
      onClick={() =>
        add({
          id: printCartId(print.id),
          title: print.title,
          price: priceOf(print),
          currency,
          imageUrl: imageSource(print, print.main_image || print.cover_image, 400)?.src ?? '',
        })
      }
    >
      {soldOut ? 'Sold Out' : 'Add to Cart'}
    </button>
  );
}
