import type { SeedPost } from "../types";

export const posts: SeedPost[] = [
  {
    slug: "why-drink-from-copper-tamra-jal",
    title: "Why Drink From Copper? A Practical Guide to Tamra Jal",
    shortDescription:
      "Where the habit of storing water in copper comes from, what it is traditionally believed to do, and how to start sensibly.",
    contentHtml: `<p>Walk into many Indian homes early in the morning and you will find someone pouring a glass of water from a copper jug that has been sitting on the bedside table all night. The practice is called <em>tamra jal</em>, literally "copper water", and it has been part of daily life on the subcontinent for centuries. Here is a practical look at where the habit comes from, what people traditionally believe about it, and how to make it part of your own routine.</p>

<h2>Where the tradition comes from</h2>
<p>Copper was one of the first metals people learned to work, and in India it became closely linked with purity and ritual. Copper vessels are still used in temples to hold water for offerings, and Ayurvedic texts describe storing drinking water in copper as a good daily habit. Before plastic and stainless steel, a copper <em>lota</em> or <em>matka</em> was simply the normal way to keep water at home.</p>
<p>In Ayurveda, water kept in copper is traditionally believed to help balance the three doshas and to support digestion when taken first thing in the morning. These are traditional beliefs rather than proven medical effects, and we think it is worth being clear about that. Many people enjoy the ritual for its own sake: a slow, deliberate glass of water before the day begins.</p>

<h2>What we know, and what we don't</h2>
<p>Copper has a well-studied ability to reduce certain microbes on its surface, which is one reason it is used on some door handles and hospital fittings. Small amounts of copper do dissolve into water that sits in the vessel, and copper is an essential trace mineral in the diet. Beyond that, claims you may read online about weight loss, ageing or curing illness are not supported by good evidence, and we don't make them.</p>
<blockquote>Treat tamra jal as a pleasant, time-honoured ritual, not a treatment. If you have a health condition, a copper-related disorder, or you are pregnant, talk to your doctor first.</blockquote>

<h2>How to start</h2>
<ol>
<li><strong>Choose pure, unlined copper for water.</strong> A bottle or jug meant for tamra jal should be bare copper inside. Lacquered or nickel-lined pieces are fine for other drinks but won't give you the traditional experience.</li>
<li><strong>Fill it with plain water in the evening.</strong> Six to eight hours is the usual guide, so overnight is ideal.</li>
<li><strong>Drink one or two glasses in the morning.</strong> Then carry on with ordinary water from any vessel for the rest of the day.</li>
<li><strong>Keep it moderate.</strong> Traditional practice is a glass or two a day, not every drop you drink.</li>
</ol>

<h2>What not to put in copper</h2>
<p>Copper reacts with acids. Never store lemon water, juice, vinegar, milk, yoghurt drinks or anything fizzy in an unlined copper vessel, and don't add ice-cold drinks with citrus. Acidic drinks can draw far more copper out of the metal than is sensible to consume, and they will also stain the inside. Plain, room-temperature water is all a copper bottle should ever hold.</p>

<h2>Picking the right vessel</h2>
<p>Think about where you will actually use it:</p>
<ul>
<li><strong>At the bedside:</strong> a 1 to 1.5 litre jug with a lid, or a carafe with an upturned tumbler on top, keeps dust out overnight. Browse our <a href="/collection?category=Copper%20Drinkware">copper drinkware</a> for jugs, tumblers and dispensers.</li>
<li><strong>At work or on the go:</strong> a screw-cap bottle between 600 ml and 1 litre is easiest. Our <a href="/collection?category=Copper%20Water%20Bottles">copper water bottles</a> are made in Moradabad, India's brass and copper city, and tested for leaks.</li>
<li><strong>For the whole household:</strong> a 5 litre dispenser with a tap means everyone can help themselves in the morning.</li>
</ul>
<p>A seamless body (spun from one sheet) is the most leak-resistant, while a hammered finish is more forgiving of fingerprints and small knocks. Both work equally well for water.</p>

<h2>Looking after it</h2>
<p>Copper naturally darkens as it meets air and water. This patina is harmless, but most people like to brighten the inside every week or two. Rub it with half a lemon dipped in salt, rinse well and dry with the cap off. Never put copper in the dishwasher. We cover this in more detail in our guide to caring for a copper bottle.</p>

<h2>A small ritual worth keeping</h2>
<p>Part of the charm of tamra jal is that it asks you to slow down. Filling a jug at night and pouring a glass in the morning is a small act of care that bookends the day. Whether or not you follow every Ayurvedic idea behind it, a beautiful copper vessel on the bedside table is a gentle reminder to drink more water, and that is a habit almost anyone can benefit from.</p>`,
    publishDate: "2025-06-12",
    estimatedTimeToRead: 4,
    keywords: "copper water bottle, tamra jal, ayurveda, copper water benefits, hydration ritual",
    coverArtwork: "copper-bottle",
    coverHue: 24,
  },
  {
    slug: "how-to-care-for-your-copper-water-bottle",
    title: "How to Care for Your Copper Water Bottle",
    shortDescription:
      "Simple weekly cleaning, how to deal with tarnish and green spots, and the mistakes that shorten a copper bottle's life.",
    contentHtml: `<p>A good copper bottle will last for decades, but copper is a living metal: it reacts with air, water and the oils on your hands, and it slowly changes colour. None of that is a fault. With a few minutes of care each week you can keep yours bright inside, good-looking outside and free of leaks for years.</p>

<h2>Before first use</h2>
<p>New bottles sometimes carry a little polishing compound from the workshop. Rinse the bottle and cap with warm water, then give the inside a clean with lemon and salt (see below). Fill with plain water, leave it overnight, pour that water away, and you are ready to start.</p>

<h2>Everyday care</h2>
<ul>
<li><strong>Water only.</strong> Use your unlined copper bottle for plain water. No juice, lemon water, milk, tea, coffee, sports drinks or anything fizzy.</li>
<li><strong>Rinse daily.</strong> A quick rinse with clean water each morning, after you have finished the overnight water, is enough.</li>
<li><strong>Dry with the cap off.</strong> Trapped moisture encourages dark spots and a stale smell. Let the bottle and cap air-dry separately.</li>
<li><strong>Hand wash only.</strong> Dishwasher detergent is harsh on copper and will strip lacquer from any decorated exterior.</li>
</ul>

<h2>Weekly cleaning: lemon and salt</h2>
<p>This is the classic method, and it works remarkably well.</p>
<ol>
<li>Squeeze half a lemon into the bottle and add a tablespoon of salt.</li>
<li>Add a splash of warm water, close the cap and shake for thirty seconds.</li>
<li>For the neck and shoulder, use a soft bottle brush. For the outside, dip the cut lemon in salt and rub it over the surface.</li>
<li>Rinse thoroughly with clean water and dry with the cap off.</li>
</ol>
<p>No lemons? A paste of white vinegar and salt, or a little tamarind pulp, does the same job. Always rinse well afterwards, because you don't want acid sitting in the bottle.</p>

<h2>Tarnish, patina and green spots</h2>
<p>Copper turns from bright salmon-pink to a deeper brown as it oxidises. This is normal and harmless, and some people prefer the warm, darker look. If you would like it bright again, the lemon and salt method will restore it in minutes.</p>
<p>A blue-green deposit, called verdigris, is different. It usually appears where water has been left standing in a closed bottle for days, or where acidic drinks have been stored. Clean it off completely with lemon and salt, rinse well, and make sure the bottle dries fully between uses. If green spots keep coming back, you are probably leaving water in it too long.</p>
<blockquote>Rule of thumb: fill it at night, drink it in the morning, rinse and dry. Water shouldn't sit in copper for more than a day.</blockquote>

<h2>Caring for lacquered and engraved bottles</h2>
<p>Some of our bottles, like the etched mandala designs, have a clear lacquer on the outside to keep the pattern crisp. Only the inside is bare copper. Clean the inside as usual, but just wipe the outside with a soft, damp cloth. Scrubbing with salt will eventually wear the lacquer away.</p>

<h2>Looking after the cap and seal</h2>
<p>Most leaks come from the cap, not the body. Every few weeks, check the silicone ring inside the cap, remove it if it lifts out, wash it in warm soapy water and let it dry before refitting. Don't over-tighten the cap; firm is enough. If a ring goes hard or cracked, contact us and we can usually send a replacement.</p>

<h2>Mistakes to avoid</h2>
<ul>
<li>Storing the bottle in the fridge or freezer, which stresses joints and seals.</li>
<li>Using steel wool or abrasive scourers, which scratch the surface.</li>
<li>Leaving it in a hot car for days with water inside.</li>
<li>Using bleach or strong chemical cleaners.</li>
</ul>

<h2>The same rules for jugs and tumblers</h2>
<p>Everything here applies to copper jugs, carafes and tumblers too. Pieces with a nickel or tin lining, such as our hammered mugs, can hold other drinks safely, but still prefer a gentle hand wash. You will find care notes on every product in our <a href="/collection?category=Copper%20Drinkware">copper drinkware</a> and <a href="/collection?category=Copper%20Water%20Bottles">copper water bottle</a> collections.</p>
<p>Look after it and your bottle will only get better with age, picking up a little character with every year it spends on your desk or bedside table.</p>`,
    publishDate: "2025-07-21",
    estimatedTimeToRead: 4,
    keywords: "copper bottle care, clean copper, lemon and salt, copper tarnish, verdigris",
    coverArtwork: "copper-bottle",
    coverHue: 10,
  },
  {
    slug: "choosing-a-wind-chime-for-good-energy",
    title: "Choosing a Wind Chime for Good Energy: Sound, Material and Placement",
    shortDescription:
      "Brass, copper, bell metal or bamboo? How a chime's material shapes its voice, and where vastu and feng shui suggest hanging it.",
    contentHtml: `<p>A wind chime is one of the simplest ways to change how a space feels. A soft ring when the afternoon breeze comes through can make a veranda feel like somewhere to linger. Choose the wrong one, though, and you end up with a clanging that irritates you and the neighbours. Here is how to pick a chime that sounds right, suits your space and, if you follow vastu or feng shui, sits in a favourable spot.</p>

<h2>Start with the sound</h2>
<p>Before anything else, decide what kind of sound you want to live with. Chimes fall roughly into three families:</p>
<ul>
<li><strong>Bells:</strong> clusters of small cast bells give a bright, cheerful jingle. Our Rajasthani elephant bells are a good example. Lovely on a gate or patio, but busy in a strong wind.</li>
<li><strong>Rods and tubes:</strong> hollow tubes struck by a central clapper give longer, more musical notes. Longer, thicker tubes sound deeper and ring for longer.</li>
<li><strong>Tuned chimes:</strong> tubes cut to specific lengths so the notes form a pleasing chord. These are the most melodic and usually the most expensive.</li>
</ul>
<p>If you can, listen before you buy, or read descriptions carefully for words like "soft", "deep" or "bright".</p>

<h2>Material shapes the voice</h2>
<h3>Brass</h3>
<p>Brass is traditional in India and produces a warm, clear ring with a medium sustain. It is heavy enough to resist light gusts, so brass chimes are gentle rather than chattering. Brass darkens gracefully outdoors; a dry cloth now and then keeps it glowing.</p>
<h3>Copper</h3>
<p>Copper has a slightly softer, mellower tone than brass. Outdoors it develops a blue-green verdigris over time, which many people love on a garden chime.</p>
<h3>Bell metal (kansa)</h3>
<p>Kansa is a bronze alloy with a high tin content, used for temple bells in Odisha and beyond. It has the longest, purest sustain of any metal we stock, which is why it is used in our <a href="/collection?category=Wind%20Chimes">premium tuned chimes</a>.</p>
<h3>Wood and bamboo</h3>
<p>These give a hollow, knocking sound that is quiet and earthy. Good if you share walls with neighbours.</p>

<h2>Size and placement</h2>
<p>A long chime needs space to swing, so measure before you buy. Hang it at least a hand's width from any wall or post so the tubes don't knock against it, and at head height or above so nobody walks into it. In a windy spot, choose a heavier chime with a smaller sail; in a sheltered courtyard, a lighter chime with a larger sail will still find a breeze.</p>

<h2>What vastu and feng shui suggest</h2>
<p>Both traditions treat sound as a way to move energy through a home. Their guidance differs in the details, but some ideas are widely shared:</p>
<ul>
<li><strong>Near the entrance:</strong> a chime at the front door is traditionally believed to welcome positive energy and announce guests. Metal bells, especially with an Om or temple-bell design, are a popular choice.</li>
<li><strong>Metal chimes to the west and north-west:</strong> in feng shui these directions are associated with the metal element.</li>
<li><strong>Wood and bamboo to the east and south-east:</strong> associated with the wood element and growth.</li>
<li><strong>Avoid hanging a chime directly over a bed, desk or sofa</strong>, where constant movement above you can feel unsettling.</li>
</ul>
<blockquote>The most important rule in any tradition: if the sound bothers you, move it. A chime should calm a space, not fill it with noise.</blockquote>

<h2>Symbols and meaning</h2>
<p>Many Indian chimes carry symbols. The <strong>Om</strong> represents the primordial sound. <strong>Seven chakra</strong> chimes use colour to represent the body's energy centres described in yoga traditions. A <strong>Buddha</strong> figure suggests calm and contemplation, while the <strong>lotus</strong> stands for clarity rising from muddy water. Choose the symbol that means something to you, or simply the one you find most beautiful.</p>

<h2>Caring for an outdoor chime</h2>
<p>Australian weather is tough on chimes. Strong summer storms can tangle strings and crack wooden tops, so take your chime inside when a big wind is forecast. Check the cord once a year and replace it with fishing line or marine cord if it frays. Oil wooden parts occasionally and wipe metal with a dry cloth.</p>
<p>Ready to find the right voice for your space? Browse our full range of <a href="/collection?category=Wind%20Chimes">wind chimes</a>, from small brass bells to bell-metal tuned chimes.</p>`,
    publishDate: "2025-08-30",
    estimatedTimeToRead: 4,
    keywords: "wind chimes, feng shui, vastu, brass wind chime, chime placement, good energy",
    coverArtwork: "wind-chime",
    coverHue: 200,
  },
  {
    slug: "beginners-guide-singing-bowl-meditation",
    title: "A Beginner's Guide to Singing Bowl Meditation",
    shortDescription:
      "How to hold, strike and 'sing' a bowl, a simple ten-minute practice, and what to look for when choosing your first one.",
    contentHtml: `<p>The first time you hear a singing bowl played well, the sound seems to hang in the air long after the bowl has stopped moving. That long, slowly fading tone is what makes bowls such a natural companion to meditation: it gives the mind something simple to follow. You don't need any musical training to use one. Here is how to start.</p>

<h2>What a singing bowl is</h2>
<p>A singing bowl is a standing bell. Instead of hanging and being struck from inside, it rests on a cushion or your palm and is played from outside, either by striking it or by running a mallet around the rim. Traditional bowls from the Himalayan region are hand-hammered from bronze alloys, often described as "seven-metal". Today many are made by Tibetan and Nepali craftspeople living in India, including the makers of the bowls in our <a href="/collection?category=Singing%20Bowls">singing bowl collection</a>.</p>

<h2>Two ways to play</h2>
<h3>Striking</h3>
<p>Rest the bowl on its cushion or on your flat, open palm. Don't grip the sides, because fingers dampen the sound. Hold the mallet like a pencil and tap the outer wall, just below the rim, with a relaxed, glancing stroke. Listen until the sound fully fades.</p>
<h3>Singing the rim</h3>
<ol>
<li>Hold the mallet vertically, like a pen, with the wooden or suede-wrapped side against the outside of the rim.</li>
<li>Strike gently once to start the bowl vibrating.</li>
<li>Move the mallet around the rim in a slow, steady circle, using your whole arm rather than just your wrist. Keep even pressure.</li>
<li>After a few rotations the bowl begins to "sing", building a continuous tone. If it starts to rattle, slow down or lighten your pressure.</li>
</ol>
<p>It takes most people a few tries. Slower is almost always better.</p>

<h2>A simple ten-minute practice</h2>
<ol>
<li><strong>Settle.</strong> Sit comfortably on a chair or cushion with the bowl in front of you. Close your eyes and take three slow breaths.</li>
<li><strong>Strike once and listen.</strong> Follow the sound until you can no longer hear it. Notice the exact moment it disappears.</li>
<li><strong>Breathe with the tone.</strong> Strike again. Breathe in slowly as the sound is strong, and out as it fades.</li>
<li><strong>Rest in the silence.</strong> After the sound ends, stay with the quiet for a few breaths before striking again.</li>
<li><strong>Repeat</strong> for eight to ten minutes, then finish by singing the rim for a minute and letting the sound fade on its own.</li>
</ol>
<blockquote>The silence after the sound is as much a part of the practice as the sound itself.</blockquote>

<h2>What people find helpful</h2>
<p>Many people find that a bowl helps them settle and focus, and sound-based relaxation is popular in yoga studios and wellness centres. In some traditions the vibrations are believed to have a healing quality. We would simply say that bowls are an aid to relaxation and attention, not a treatment for any condition, and that the benefit comes mostly from making time to sit quietly.</p>

<h2>Choosing your first bowl</h2>
<ul>
<li><strong>Size:</strong> a small bowl of 10 to 12 cm is easy to hold in your palm and has a brighter tone. Larger bowls of 18 cm and up sing with a deeper, longer voice but need a cushion.</li>
<li><strong>Hand-hammered or machine-made:</strong> hand-hammered bowls have richer, more complex overtones. Polished machine-turned brass bowls are lighter on the wallet and make a clear, simple sound that suits beginners.</li>
<li><strong>Listen for sustain:</strong> a good bowl rings for thirty seconds or more after a single strike.</li>
<li><strong>Accessories:</strong> a cushion protects the bowl and your table, and a suede-wrapped mallet makes rim singing easier.</li>
</ul>
<p>If you plan to lead group sessions or sound baths, a set of bowls across different pitches gives you more range. For personal practice, a single bowl is all you need.</p>

<h2>Caring for a bowl</h2>
<p>Wipe it with a soft, dry cloth after use. Avoid water and metal polish on darker, antique-finished bowls, and store your bowl on its cushion away from damp. Don't stack heavy objects inside it.</p>
<p>Pair your bowl with a pair of tingsha to open and close each session, and you have a lovely, simple ritual you can return to every day.</p>`,
    publishDate: "2025-09-18",
    estimatedTimeToRead: 4,
    keywords: "singing bowl, meditation, sound bath, tibetan singing bowl, mindfulness, beginners",
    coverArtwork: "singing-bowl",
    coverHue: 30,
  },
  {
    slug: "lighting-diyas-meaning-behind-the-flame",
    title: "Lighting Diyas: The Meaning Behind the Flame",
    shortDescription:
      "Why millions of small lamps are lit each Diwali, what the flame represents, and how to light clay and brass diyas safely at home.",
    contentHtml: `<p>Every autumn, during Diwali, streets and balconies across India glow with rows of tiny oil lamps. The diya is one of the oldest symbols in Indian life: a small clay or brass lamp, a cotton wick, a little oil or ghee. It is lit at festivals, at weddings, at the start of a new venture, and in many homes every single evening. Here is what the flame means, and how to bring the tradition home safely in Australia.</p>

<h2>Light over darkness</h2>
<p>At its heart the diya stands for the victory of light over darkness, and of knowledge over ignorance. Diwali itself comes from the Sanskrit <em>deepavali</em>, "a row of lamps". In the Ramayana, the people of Ayodhya lit lamps to welcome Lord Rama home after fourteen years of exile, and many families light diyas to remember that homecoming. In other traditions, Diwali night welcomes Goddess Lakshmi, who is believed to visit clean, well-lit homes.</p>
<p>The flame also carries a quieter meaning. The oil is said to represent our attachments and the wick our ego; as the lamp burns, both are slowly consumed, leaving light. Whether you take that literally or not, it is a beautiful thought to hold while you strike the match.</p>

<h2>Clay or brass?</h2>
<h3>Clay diyas</h3>
<p>Simple terracotta lamps are the traditional Diwali choice. They are made by potters in their thousands in the weeks before the festival, and buying them supports that seasonal work. Hand-painted clay diyas are pretty enough to keep and reuse. Soak new clay diyas in water for an hour and let them dry before their first use, so the clay absorbs less oil.</p>
<h3>Brass lamps</h3>
<p>Brass diyas last for generations and are often used daily at a home altar. Five-wick lamps are traditional for aarti, while an <em>akhand</em> diya with a glass chimney is designed to burn steadily for long prayers without being blown out.</p>

<h2>How to light a diya</h2>
<ol>
<li><strong>Prepare the wick.</strong> Roll a small piece of cotton wool between your palms into a thin wick with a point, or use ready-made cotton wicks.</li>
<li><strong>Add oil or ghee.</strong> Sesame oil and ghee are traditional. Fill the diya about two-thirds full.</li>
<li><strong>Soak the wick.</strong> Lay it in the oil so it absorbs, then draw the tip up onto the spout.</li>
<li><strong>Light it</strong> with a match or a lit incense stick, ideally facing east or north, which many families consider auspicious.</li>
</ol>
<p>Many people say a short prayer or simply take a quiet moment as they light the lamp.</p>

<h2>Safety first</h2>
<p>Open flames and Australian summers need care. Diwali falls in October or November, often on warm, windy evenings, so:</p>
<ul>
<li>Place diyas on a heat-proof tray or tile, never directly on wooden furniture.</li>
<li>Keep them away from curtains, toran hangings, paper decorations and dry garden plants.</li>
<li>Check local fire restrictions before lighting lamps outdoors, especially on total fire ban days.</li>
<li>Never leave a lit diya unattended, and keep it out of reach of children and pets.</li>
<li>If you are in a rental or apartment with sensitive smoke alarms, tealights inside clay diyas are a good compromise.</li>
</ul>
<blockquote>Light one lamp with care rather than fifty in a hurry. The meaning is in the attention, not the number.</blockquote>

<h2>Bringing the festival together</h2>
<p>Diyas are usually part of a bigger picture: a rangoli at the entrance, a toran over the door, incense during the evening puja, and a thali with kumkum, rice and sweets. You will find hand-painted clay diya sets, brass lamps and incense in our <a href="/collection?category=Incense%20%26%20Diyas">Incense &amp; Diyas</a> collection, and thalis, bells and camphor burners in <a href="/collection?category=Puja%20Essentials">Puja Essentials</a>.</p>
<p>However you celebrate, and whether Diwali is part of your heritage or something you are discovering, lighting a small lamp at dusk is a lovely way to pause, give thanks and welcome a little more light into the home.</p>`,
    publishDate: "2025-10-08",
    estimatedTimeToRead: 4,
    keywords: "diya, diwali, oil lamp, festival of lights, puja, clay diyas",
    coverArtwork: "diya",
    coverHue: 12,
  },
  {
    slug: "vastu-and-feng-shui-tips-for-a-calmer-home",
    title: "Vastu and Feng Shui Tips for a Calmer Home",
    shortDescription:
      "Practical, renter-friendly ideas from two ancient traditions of arranging space, from the front door to the bedroom.",
    contentHtml: `<p>Vastu shastra, from India, and feng shui, from China, are both traditions of arranging space so that a home feels balanced and supportive. They developed separately and differ in many details, but they share a surprising amount of common sense: let light and air in, clear clutter, make the entrance welcoming, and give each room a clear purpose. You don't need to renovate to use them. Here are practical ideas you can try this weekend, even in a rental.</p>

<h2>Start at the front door</h2>
<p>Both traditions treat the entrance as the "mouth" of the home, where energy and opportunity come in.</p>
<ul>
<li><strong>Keep it clear.</strong> Shoes, bags and recycling piled by the door are the first thing to go.</li>
<li><strong>Make it bright.</strong> A working light, a clean door and a fresh doormat cost little and change how arriving home feels.</li>
<li><strong>Add a welcome.</strong> In vastu, a <em>toran</em> hung over the door and a bell or chime nearby are traditionally believed to invite good energy. A brass Om plaque or a hanging temple bell works beautifully here.</li>
</ul>

<h2>Let light and air move</h2>
<p>Vastu places great importance on the north-east, associated with water, light and clarity, and suggests keeping this part of the home open and uncluttered. Feng shui talks about <em>chi</em> flowing gently through a space rather than rushing in a straight line or stagnating in corners. In practical terms:</p>
<ul>
<li>Open windows in the morning, even briefly.</li>
<li>Keep pathways through rooms clear.</li>
<li>Use a mirror to bounce light into a dark hallway, but avoid placing one directly facing the front door, which feng shui says pushes energy back out.</li>
<li>Add living plants to corners that feel dead.</li>
</ul>

<h2>Clutter is the first thing to go</h2>
<p>If you take only one idea from either tradition, make it this one. Both see clutter as stuck energy. Most of us simply find that a clear surface makes it easier to think. Start with one drawer, one shelf or one corner, and give everything a home.</p>

<h2>The bedroom: rest first</h2>
<ol>
<li><strong>Position the bed</strong> so you can see the door without being directly in line with it. Feng shui calls this the "command position".</li>
<li><strong>Use a solid headboard</strong> against a wall for a sense of support.</li>
<li><strong>Keep work out.</strong> A laptop on the bedside table is the opposite of restful.</li>
<li><strong>Vastu suggests sleeping with your head to the south or east</strong>, and avoiding north.</li>
<li><strong>Soften the lighting</strong> with warm lamps rather than a single bright overhead light.</li>
</ol>

<h2>A quiet corner for yourself</h2>
<p>Vastu traditionally places the prayer or meditation space in the north-east. Even a small shelf can be enough: a Ganesha or Buddha figure, a diya, a singing bowl and a plant. Choose pieces that feel meaningful to you. Our <a href="/collection?category=Artifacts%20%26%20Idols">Artifacts &amp; Idols</a> collection includes small brass figures that suit a shelf or windowsill.</p>

<h2>Symbols the two traditions share</h2>
<ul>
<li><strong>The tortoise</strong> stands for stability and long life in both vastu and feng shui, and is often placed facing the entrance or in the north.</li>
<li><strong>Water features</strong> are associated with abundance, best placed in the north or north-east.</li>
<li><strong>The sun</strong> symbolises vitality; a Surya wall hanging is often hung on an east-facing wall.</li>
<li><strong>Wind chimes and bells</strong> are used to keep energy moving near doors and windows.</li>
</ul>

<h2>Keep it in proportion</h2>
<blockquote>These are traditions of meaning and intention, not rules you must obey. If a suggestion doesn't fit your home or your life, let it go.</blockquote>
<p>Many Australian homes were never designed with vastu or feng shui in mind, and that is fine. The aim is a home that feels calm and cared for. Start small: clear the entrance, bring in some light, add one object that makes you smile. Explore our <a href="/collection?category=Wall%20Hangings">wall hangings</a> and <a href="/collection?category=Wind%20Chimes">wind chimes</a> for easy ways to begin.</p>`,
    publishDate: "2026-02-16",
    estimatedTimeToRead: 4,
    keywords: "vastu shastra, feng shui, calm home, home decor, entrance, declutter",
    coverArtwork: "mandala",
    coverHue: 150,
  },
  {
    slug: "gifting-with-meaning-spiritual-gifts",
    title: "Gifting With Meaning: Spiritual Gifts for Every Occasion",
    shortDescription:
      "Thoughtful ideas for housewarmings, Diwali, weddings, birthdays and moments of comfort, with a little on what each gift symbolises.",
    contentHtml: `<p>The best gifts carry a small story. A handcrafted piece with a meaning behind it says "I thought about this", and it tends to stay on display long after more generic presents have been forgotten. Here are our suggestions for the occasions that come up most often, along with a little on what each gift traditionally represents.</p>

<h2>Housewarmings</h2>
<p>A new home is the classic moment for a gift of blessing and welcome.</p>
<ul>
<li><strong>A brass Ganesha:</strong> Ganesha is honoured at the start of any new venture as the remover of obstacles. A small idol for a hallway shelf is a traditional and much-loved housewarming gift.</li>
<li><strong>A toran or temple bells:</strong> hung over the door, they mark the home as a place of welcome.</li>
<li><strong>A copper water dispenser or jug:</strong> practical and beautiful on the kitchen bench.</li>
</ul>

<h2>Diwali</h2>
<p>Gifts at Diwali traditionally bring light and prosperity.</p>
<ul>
<li><strong>Hand-painted clay diyas</strong> for the festival night itself.</li>
<li><strong>A Lakshmi and Ganesha pair</strong>, worshipped together on Diwali for abundance and wisdom.</li>
<li><strong>A brass puja thali set</strong> for families setting up their own aarti.</li>
<li><strong>An incense sampler</strong> as an easy, affordable gift for colleagues and neighbours.</li>
</ul>
<p>Order early. Diwali falls in October or November, and the weeks before are our busiest of the year.</p>

<h2>Weddings and anniversaries</h2>
<p>Copper has long been part of Indian wedding gifts, and a <strong>hammered copper bottle and tumbler set</strong> makes a handsome present that will be used daily. For something more ceremonial, a <strong>Tree of Life brass wall hanging</strong> symbolises growth, roots and family, and becomes a centrepiece in a new shared home.</p>

<h2>Birthdays and just because</h2>
<ol>
<li><strong>For the yogi:</strong> a copper yoga bottle or a pair of tingsha cymbals to open and close practice.</li>
<li><strong>For the gardener:</strong> a copper lotus or brass bell wind chime.</li>
<li><strong>For the traveller:</strong> a small brass Ganesha for the car dashboard, traditionally believed to bless journeys.</li>
<li><strong>For the home decorator:</strong> a macramé wall hanging or block-printed mandala tapestry.</li>
</ol>

<h2>Comfort and new beginnings</h2>
<p>Some gifts are given in harder moments: after a loss, during an illness or at a big change. Here we would choose something quiet. A <strong>small singing bowl</strong> or a <strong>rudraksha mala</strong> invites a few minutes of stillness. A <strong>Buddha figure</strong> is a gentle reminder of calm. We would avoid any suggestion that the gift will fix things; it is simply a way of saying "I'm thinking of you".</p>
<blockquote>Add a handwritten note explaining what the piece means. It turns a beautiful object into a meaningful one.</blockquote>

<h2>A few words on giving respectfully</h2>
<p>Deities such as Ganesha, Lakshmi and Shiva are sacred to millions of people. If you are giving an idol to someone outside the tradition, it helps to share a little about who the figure represents. Many families keep idols on a raised, clean surface rather than on the floor or in a bathroom, and you might pass that on too.</p>

<h2>Practical tips</h2>
<ul>
<li><strong>Check the recipient's space.</strong> A 95 cm wind chime needs a veranda; a 10 cm singing bowl fits anywhere.</li>
<li><strong>Think about care.</strong> Copper needs a little polishing; brass and bronze very little; clay and cotton almost none.</li>
<li><strong>Allow time for delivery.</strong> Orders ship within Australia in 3 to 7 business days.</li>
</ul>
<p>Browse the <a href="/collection">whole collection</a> for more ideas, or start with our <a href="/collection?category=Artifacts%20%26%20Idols">artifacts and idols</a> and <a href="/collection?category=Copper%20Water%20Bottles">copper bottles</a>, two of our most popular gift categories.</p>`,
    publishDate: "2026-04-27",
    estimatedTimeToRead: 3,
    keywords: "spiritual gifts, housewarming gift, diwali gifts, wedding gift, meaningful gifts",
    coverArtwork: "idol",
    coverHue: 330,
  },
  {
    slug: "setting-up-a-small-home-altar",
    title: "Setting Up a Small Home Altar or Puja Corner",
    shortDescription:
      "Where to place it, what to include and how to keep it simple, whether you have a whole room or a single shelf.",
    contentHtml: `<p>In many Indian homes the puja corner is the quiet heart of the house: a small space where a lamp is lit each morning, incense is offered and the day begins with a pause. You don't need a dedicated room to create one. A shelf, a low table or a niche in a bookcase is enough. Here is a simple way to set one up, whatever your background or practice.</p>

<h2>Choosing the spot</h2>
<p>Vastu traditionally recommends the north-east of the home for a prayer space, facing east or north while you pray. If that doesn't work in your layout, choose the calmest spot you have. A few practical guides:</p>
<ul>
<li>Somewhere clean and a little raised, rather than on the floor.</li>
<li>Away from the bathroom and not directly under a staircase.</li>
<li>Where a small flame can burn safely, clear of curtains and shelves above.</li>
<li>Where you will actually pass by every day. An altar you never see is easy to forget.</li>
</ul>

<h2>The essentials</h2>
<p>Start small. You can always add more later.</p>
<ol>
<li><strong>A cloth.</strong> A clean cotton or silk cloth, often red or yellow, marks the space as special.</li>
<li><strong>A central figure or symbol.</strong> This might be a deity such as Ganesha, Lakshmi or Shiva, a Buddha, an Om symbol, or a photograph of a teacher or loved one.</li>
<li><strong>A lamp.</strong> A brass or clay diya represents light and awareness.</li>
<li><strong>Incense.</strong> Sandalwood is a traditional choice for its calm, warm scent.</li>
<li><strong>Water.</strong> A small copper kalash or lota holds water for offerings.</li>
<li><strong>A bell.</strong> A hand bell is rung at the start of prayers to invite attention.</li>
</ol>
<p>A brass puja thali gathers many of these on one plate, which is ideal if space is tight. You will find thalis, bells, kalash and camphor burners in our <a href="/collection?category=Puja%20Essentials">Puja Essentials</a> range, and idols in <a href="/collection?category=Artifacts%20%26%20Idols">Artifacts &amp; Idols</a>.</p>

<h2>Arranging it</h2>
<p>Place the main figure at the back and centre, slightly raised if possible. The lamp usually sits to the right of the figure (your left as you face it) or in front, and incense to the left. Keep the front of the altar open so you can place fresh flowers, fruit or a small offering. Less is more. A few well-chosen pieces feel calmer than a crowded shelf.</p>

<h2>A simple daily practice</h2>
<ul>
<li><strong>Morning:</strong> clean the space briefly, change the water, light the lamp and an incense stick, and sit for a minute or two.</li>
<li><strong>Evening:</strong> many families perform a short aarti at dusk, circling a lamp or burning camphor while ringing a bell.</li>
<li><strong>Meditation:</strong> a rudraksha or sandalwood mala of 108 beads can be used to count repetitions of a mantra.</li>
</ul>
<blockquote>Consistency matters more than length. Two quiet minutes every day is worth more than an hour once a month.</blockquote>

<h2>Keeping it clean</h2>
<p>Dust the figures gently with a soft brush. Brass can be polished with lemon and salt or tamarind when it dulls, though many people prefer an aged look on idols. Remove wilted flowers promptly and empty the ash from incense holders regularly. Wash the altar cloth every few weeks.</p>

<h2>Safety with flame and smoke</h2>
<p>Use a heat-proof plate under every lamp and incense holder, keep lit items away from children and pets, and never leave a flame burning when you go out. If smoke alarms are sensitive, open a window while incense burns or choose a lower-smoke dhoop.</p>

<h2>Make it your own</h2>
<p>There is no single correct altar. Some people keep theirs strictly traditional; others add a crystal, a letter from a grandparent or a flower from the garden. What matters is that it feels meaningful to you, and that it gives you a reason to stop, breathe and begin the day with intention.</p>`,
    publishDate: "2026-07-13",
    estimatedTimeToRead: 4,
    keywords: "home altar, puja corner, puja essentials, prayer space, vastu, daily ritual",
    coverArtwork: "bell",
    coverHue: 45,
  },
];
