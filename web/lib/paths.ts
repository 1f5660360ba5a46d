// Every in-app address in one table, so a renamed route is a one-line change.

export const paths = {
  home: "/",
  collection: "/collection",
  collectionSearch: "/collection#search",
  collectionCategory: (category: string) => `/collection?category=${encodeURIComponent(category)}`,
  blog: "/blog",
  contact: "/contact",
  product: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  cart: "/cart",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  placeOrder: "/place-order",
  orderPlaced: "/order-placed",
  orders: "/orders",
  profile: "/profile",
  creatorProfile: "/creator-profile",
  creatorSignup: "/creator-signup",
} as const;
