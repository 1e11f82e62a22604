/**
 * The cart of the specification (point 4): items are a plan name and its checkout link. Pure
 * functions over an immutable list, so any store (React state, local storage) can hold it.
 */
export type CartItem = { planName: string; checkoutUrl: string };
export type Cart = readonly CartItem[];

export const emptyCart: Cart = [];

/** Adds an item; an item with the same planName is replaced (in place), never duplicated. */
export function addToCart(cart: Cart, item: CartItem): Cart {
  const at = cart.findIndex((existing) => existing.planName === item.planName);
  if (at === -1) return [...cart, item];
  return cart.map((existing, i) => (i === at ? item : existing));
}

export const removeFromCart = (cart: Cart, planName: string): Cart => cart.filter((item) => item.planName !== planName);

export const clearCart = (): Cart => emptyCart;

/**
 * Checkout: opens the first item's link in a new tab and clears the cart. `open` is injected
 * (window.open in the browser). An empty cart opens nothing and stays empty.
 */
export function checkoutCart(cart: Cart, open: (url: string, target: "_blank") => unknown): Cart {
  const first = cart[0];
  if (first) open(first.checkoutUrl, "_blank");
  return clearCart();
}
