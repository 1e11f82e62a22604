import { describe, expect, it, vi } from "vitest";
import { addToCart, checkoutCart, clearCart, emptyCart, removeFromCart } from "./cart";

const pro = { planName: "pro", checkoutUrl: "https://checkout.stripe.com/c/pay/cs_pro" };
const light = { planName: "light", checkoutUrl: "https://checkout.stripe.com/c/pay/cs_light" };

describe("cart", () => {
  it("adds items, replacing one with the same planName in place", () => {
    const cart = addToCart(addToCart(emptyCart, pro), light);
    expect(cart).toEqual([pro, light]);
    const replaced = addToCart(cart, { planName: "pro", checkoutUrl: "https://checkout.stripe.com/c/pay/cs_pro2" });
    expect(replaced).toEqual([{ planName: "pro", checkoutUrl: "https://checkout.stripe.com/c/pay/cs_pro2" }, light]);
    expect(cart).toEqual([pro, light]);
  });

  it("removes one item by planName and clears all", () => {
    const cart = addToCart(addToCart(emptyCart, pro), light);
    expect(removeFromCart(cart, "pro")).toEqual([light]);
    expect(removeFromCart(cart, "gold")).toEqual(cart);
    expect(clearCart()).toEqual([]);
  });

  it("checkout opens the first item's link in a new tab and clears the cart", () => {
    const open = vi.fn();
    const cart = addToCart(addToCart(emptyCart, light), pro);
    expect(checkoutCart(cart, open)).toEqual([]);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(light.checkoutUrl, "_blank");
  });

  it("checkout of an empty cart opens nothing", () => {
    const open = vi.fn();
    expect(checkoutCart(emptyCart, open)).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });
});
