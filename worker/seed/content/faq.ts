import type { SeedFaq } from "../types";

export const faq: SeedFaq[] = [
  {
    title: "How long does shipping take within Australia?",
    content:
      "We ship from Brisbane to every state and territory. Orders are packed within one to two business days and usually arrive in 3-7 business days, depending on your location. A flat $10 delivery fee applies to every order, wherever you are in Australia.",
    isActive: true,
  },
  {
    title: "Can I return or exchange an item?",
    content:
      "Yes. If something isn't right, contact us within 7 days of delivery to arrange a return or exchange. Items should be unused and in their original packaging. Once we receive the item back we'll process your exchange or refund to your original payment method.",
    isActive: true,
  },
  {
    title: "What is your 30-day satisfaction guarantee?",
    content:
      "We want you to love what you bring home. If you're not happy with your purchase within 30 days of delivery, let us know and we'll offer a full refund or an exchange, whichever you prefer. Handmade pieces vary slightly in finish and colour, and that natural variation is part of their character.",
    isActive: false,
  },
  {
    title: "How do I care for copper products?",
    content:
      "Use unlined copper bottles and jugs for plain water only, never juice, milk or anything acidic. Hand wash, dry with the cap off and never put copper in the dishwasher. Every week or two, clean the inside with half a lemon dipped in salt, then rinse well. Darkening is natural oxidation and is harmless.",
    isActive: false,
  },
  {
    title: "Which payment methods do you accept?",
    content:
      "We accept all major credit and debit cards, processed securely through Stripe. Your card details are handled by Stripe and are never stored on our servers.",
    isActive: false,
  },
  {
    title: "Are prices inclusive of GST?",
    content:
      "All prices are in Australian dollars. GST of 10% is applied to your order and shown as a separate line at checkout, so you can see exactly what you're paying before you confirm.",
    isActive: false,
  },
  {
    title: "How can I track my order?",
    content:
      "As soon as your order ships we'll email you a tracking number and a link to follow your parcel. You can also see the status of your order at any time in your account. If your tracking hasn't updated for a few days, get in touch and we'll follow it up with the carrier.",
    isActive: false,
  },
  {
    title: "How does the creator affiliate programme work?",
    content:
      "Content creators can apply to join our affiliate programme. Once approved, you'll get a personal link and discount code to share with your audience. Shoppers who use your link or code get $10 off their order, and you earn 10% commission on each qualifying sale. We review every application within a week.",
    isActive: false,
  },
  {
    title: "How quickly will you reply to my enquiry?",
    content:
      "Our small team in Brisbane answers every message personally. You can expect a reply within 1-2 business days. Questions about an existing order are easiest to answer if you include your order number.",
    isActive: false,
  },
  {
    title: "Are your products really handmade in India?",
    content:
      "Yes. We work with artisan workshops and family makers across India, including metalworkers in Moradabad, block printers near Jaipur, embroiderers in Kutch and bronze casters in Swamimalai. Because each piece is made by hand, sizes, finishes and colours can vary slightly from the photos.",
    isActive: false,
  },
];
