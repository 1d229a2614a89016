/**
 * The offline assistant's multilingual lexicon. Every entry maps words or phrases in en, fr, it, de
 * and th to tags:
 *   c:<concept>   dish, ingredient, category or variation concept shared across languages
 *   diet:<id>     dietary preference asked for (vegan, vegetarian, gluten-free, ..., spicy, mild)
 *   alg:<id>      allergen (dairy, gluten, egg, fish, nuts, treenuts, seafood, bean)
 *   kw:<name>     a keyword that signals an intent or a modifier
 *   is:<concept>  a word that puts a dish under a concept (beer -> alcohol) without widening a search for it
 *   n:<k>         a number word, ord:<k> an ordinal, cur:<code> a currency word
 * Words are matched after folding and stemming (see text.ts); phrases match token sequences.
 */

type Entry = [tags: string, words: string];

// Concepts: a guest's word in any language finds the menu's word in any other.
const CONCEPTS: Entry[] = [
  ['c:chicken', 'chicken, gai, poulet, volaille, pollo, hähnchen, hühnchen, huhn, hendl, geflügel, ไก่'],
  ['c:pork', 'pork, moo, porc, cochon, maiale, suino, schwein, schweinefleisch, หมู'],
  ['c:beef', 'beef, nuea, neua, boeuf, manzo, rindfleisch, rind, เนื้อวัว, เนื้อ'],
  ['c:lamb', 'lamb, agneau, agnello, lamm, แกะ'],
  ['c:duck', 'duck, ped, canard, anatra, ente, เป็ด'],
  [
    'c:fish c:seafoodish',
    'fish, pla, haddock, plaice, whitebait, sea bass, bass, bream, trout, anchovy, anchovies, sardine, mackerel, branzino, orata, acciughe, poisson, pesce, fisch, ปลา',
  ],
  ['c:salmon c:fish alg:fish', 'salmon, saumon, salmone, lachs, แซลมอน, ปลาแซลมอน'],
  ['c:tuna c:fish alg:fish', 'tuna, thon, tonno, thunfisch, ทูน่า'],
  ['c:cod c:fish alg:fish', 'cod, cabillaud, morue, merluzzo, baccala, kabeljau, dorsch'],
  [
    'c:shrimp c:seafoodish alg:seafood',
    'shrimp, prawn, goong, kung, scampi, crevette, gambas, gamberi, gambero, gamberetti, garnele, garnelen, krabben, กุ้ง',
  ],
  ['c:squid c:seafoodish alg:seafood', 'squid, calamari, calamar, calmar, seppia, tintenfisch, ปลาหมึก, หมึก'],
  ['c:mussel c:seafoodish alg:seafood', 'mussel, moule, cozze, cozza, muschel, miesmuschel, หอยแมลงภู่, หอย'],
  ['c:crab c:seafoodish alg:seafood', 'crab, crabe, granchio, krabbe, ปู'],
  ['c:clam c:seafoodish alg:seafood', 'clam, palourde, vongole, venusmuschel'],
  ['c:seafoodish', 'seafood, fruits de mer, frutti di mare, meeresfrüchte, อาหารทะเล, ทะเล'],
  ['c:egg', 'egg, oeuf, uovo, uova, ei, eier, ไข่'],
  ['c:cheese alg:dairy', 'cheese, fromage, formaggio, käse, ชีส'],
  ['c:mozzarella c:cheese alg:dairy', 'mozzarella, fior di latte'],
  ['c:parmesan c:cheese alg:dairy', 'parmesan, parmigiano, parmigiano reggiano, grana'],
  ['c:tomato', 'tomato, tomate, pomodoro, pomodori, pomodorini, tomaten, มะเขือเทศ'],
  ['c:mushroom', 'mushroom, champignon, funghi, fungo, porcini, pilz, pilze, champignons, เห็ด'],
  ['c:onion', 'onion, oignon, cipolla, zwiebel, หัวหอม, หอมใหญ่'],
  ['c:garlic', 'garlic, ail, aglio, knoblauch, กระเทียม'],
  ['c:potato', 'potato, pomme de terre, patate, patata, kartoffel, kartoffeln, มันฝรั่ง'],
  [
    'c:fries',
    'fries, chips, french fries, frites, pommes frites, patatine, patatine fritte, pommes, เฟรนช์ฟรายส์, มันฝรั่งทอด',
  ],
  ['c:rice', 'rice, riz, riso, reis, ข้าว'],
  ['c:stickyrice c:rice', 'sticky rice, riz gluant, riso glutinoso, klebreis, ข้าวเหนียว'],
  ['c:friedrice c:rice', 'fried rice, riz frit, riz cantonais, riso fritto, gebratener reis, ข้าวผัด'],
  ['c:noodle', 'noodle, nouille, nouilles, spaghetti di riso, nudel, nudeln, ก๋วยเตี๋ยว, เส้น, บะหมี่'],
  ['c:pasta alg:gluten', 'pasta, pâtes, nudeln, teigwaren, พาสต้า'],
  ['c:spaghetti c:pasta alg:gluten', 'spaghetti, spaghettis, สปาเก็ตตี้'],
  ['c:primo c:pasta c:risotto', 'primo, primi, primo piatto, primi piatti'],
  ['c:pizza alg:gluten', 'pizza, pizze, pizzas, พิซซ่า'],
  ['c:bread alg:gluten', 'bread, pain, pane, brot, brötchen, ขนมปัง'],
  ['c:chocolate', 'chocolate, chocolat, cioccolato, schokolade, schoko, ช็อกโกแลต, ช็อคโกแลต'],
  ['c:vanilla', 'vanilla, vanille, vaniglia, วานิลลา'],
  ['c:lemon', 'lemon, citron, limone, zitrone, มะนาว'],
  ['c:lime', 'lime, citron vert, lime, limette, มะนาว'],
  ['c:mango', 'mango, mangue, mangue, มะม่วง'],
  ['c:coconut', 'coconut, noix de coco, coco, cocco, kokos, kokosnuss, มะพร้าว, กะทิ'],
  ['c:basil', 'basil, basilic, basilico, basilikum, โหระพา, กะเพรา, กระเพรา'],
  ['c:truffle', 'truffle, truffe, tartufo, trüffel, ทรัฟเฟิล'],
  ['c:ham', 'ham, jambon, prosciutto, schinken, แฮม'],
  ['c:bacon', 'bacon, lardons, pancetta, guanciale, speck, เบคอน'],
  ['c:sausage', 'sausage, saucisse, salsiccia, wurst, würstchen, bratwurst, ไส้กรอก'],
  ['c:salami', 'salami, salame, spianata, pepperoni'],
  ['c:spinach', 'spinach, épinards, spinaci, spinat, ผักโขม'],
  ['c:eggplant', 'eggplant, aubergine, melanzane, melanzana, aubergine, มะเขือยาว, มะเขือ'],
  ['c:zucchini', 'zucchini, courgette, zucchine, zucchina, zucchini'],
  ['c:pepper', 'pepper, bell pepper, poivron, peperoni, peperone, paprika, พริกหยวก'],
  ['c:chili diet:spicyword', 'chili, chilli, chile, piment, peperoncino, peperoncini, chilischote, พริก'],
  ['c:olive', 'olive, olives, oliva, olive, oliven, มะกอก'],
  ['c:tofu', 'tofu, tofou, เต้าหู้'],
  ['c:peanut alg:nuts', 'peanut, cacahuète, cacahuete, arachide, arachidi, noccioline, erdnuss, erdnüsse, ถั่วลิสง'],
  [
    'c:cashew alg:treenuts',
    'cashew, noix de cajou, cajou, anacardi, anacardo, cashewkerne, cashewnuss, เม็ดมะม่วงหิมพานต์, มะม่วงหิมพานต์',
  ],
  ['c:almond alg:treenuts', 'almond, amande, mandorla, mandorle, mandel, mandeln, อัลมอนด์'],
  ['c:pistachio alg:treenuts', 'pistachio, pistache, pistacchio, pistacchi, pistazie, pistazien, พิสตาชิโอ'],
  ['c:hazelnut alg:treenuts', 'hazelnut, noisette, nocciola, nocciole, haselnuss, haselnüsse, เฮเซลนัท'],
  ['c:walnut alg:treenuts', 'walnut, noix, noce, noci, walnuss, walnüsse, วอลนัท'],
  ['c:pinenut alg:treenuts', 'pine nut, pignon, pinoli, pinolo, pinienkerne'],
  ['c:pesto alg:treenuts', 'pesto'],
  ['c:cream alg:dairy', 'cream, crème, panna, sahne, rahm, ครีม'],
  ['c:butter alg:dairy', 'butter, beurre, burro, เนย'],
  ['c:milk alg:dairy', 'milk, lait, latte, milch, นม'],
  ['c:icecream', 'ice cream, glace, gelato, gelati, eis, eiscreme, speiseeis, ไอศกรีม, ไอติม'],
  ['c:sorbet', 'sorbet, sorbetto, sorbet'],
  ['c:apple', 'apple, pomme, mela, apfel, แอปเปิ้ล'],
  ['c:strawberry', 'strawberry, fraise, fragola, fragole, erdbeere, erdbeeren, สตรอว์เบอร์รี่, สตรอเบอร์รี่'],
  ['c:lemongrass', 'lemongrass, citronnelle, citronella, zitronengras, ตะไคร้'],
  ['c:ginger', 'ginger, gingembre, zenzero, ingwer, ขิง'],
  ['c:honey', 'honey, miel, miele, honig, น้ำผึ้ง'],
  ['c:pineapple', 'pineapple, ananas, สับปะรด'],
  ['c:carrot', 'carrot, carotte, carota, carote, karotte, möhre, แครอท'],
  ['c:cucumber', 'cucumber, concombre, cetriolo, gurke, แตงกวา'],
  ['c:avocado', 'avocado, avocat, avocado, อะโวคาโด'],
  ['c:papaya', 'papaya, papaye, มะละกอ'],
  ['c:vegetable', 'vegetable, veggie, veggies, légume, légumes, verdure, verdura, ortaggi, gemüse, ผัก'],
  ['c:salad', 'salad, salade, insalata, salat, สลัด, ยำ'],
  ['c:soup', 'soup, soupe, potage, velouté, zuppa, minestra, minestrone, suppe, ซุป, ต้ม'],
  ['c:meat', 'meat, viande, carne, fleisch, เนื้อสัตว์'],
  ['c:burger', 'burger, hamburger, เบอร์เกอร์'],
  ['c:sandwich', 'sandwich, panino, panini, belegtes brot, แซนด์วิช'],
  ['c:curry', 'curry, currys, แกง'],
  ['c:greencurry c:curry', 'green curry, curry vert, curry verde, grünes curry, แกงเขียวหวาน, เขียวหวาน'],
  ['c:redcurry c:curry', 'red curry, curry rouge, curry rosso, rotes curry, แกงแดง, แกงเผ็ด'],
  ['c:massaman c:curry', 'massaman, matsaman, มัสมั่น, แกงมัสมั่น'],
  ['c:padthai c:noodle', 'pad thai, phad thai, ผัดไทย, ผัดไทยกุ้ง, pad thai goong'],
  ['c:padseeew', 'pad see ew, pad siew, ผัดซีอิ๊ว'],
  ['c:khaosoi', 'khao soi, ข้าวซอย'],
  ['c:massaman c:curry c:beef', 'แกงมัสมั่นเนื้อ'],
  ['c:panang', 'panang, phanaeng, พะแนง'],
  ['c:junglecurry c:curry', 'jungle curry, แกงป่า'],
  ['c:satay', 'satay, สะเต๊ะไก่'],
  ['c:buoloy', 'bua loy, บัวลอย'],
  ['c:pomelo', 'pomelo, pamplemousse, pomelo, ส้มโอ, ยำส้มโอ'],
  ['c:glassnoodle c:noodle', 'glass noodle, glass noodles, woon sen, วุ้นเส้น, ยำวุ้นเส้น'],
  [
    'c:wings c:chicken',
    'wings, chicken wings, ailes, ailes de poulet, alette, ali di pollo, flügel, chicken wings, ปีกไก่, ปีกไก่ทอด',
  ],
  ['c:pineapplefriedrice c:pineapple c:friedrice c:rice', 'pineapple fried rice, ข้าวผัดสับปะรด'],
  [
    'c:jasmine c:rice',
    'steamed rice, plain rice, white rice, riz blanc, riz nature, riz parfumé, riso bianco, weißer reis, jasminreis, ข้าวสวย, ข้าวเปล่า, jasmine rice, riz jasmin, riso jasmine, jasminreis, ข้าวหอมมะลิ',
  ],
  // Coconut milk is not milk: "without milk" keeps a curry made with it.
  [
    'c:coconutmilk c:coconut',
    'coconut milk, coconut cream, lait de coco, crème de coco, latte di cocco, kokosmilch, นมมะพร้าว',
  ],
  ['c:coconuticecream c:icecream c:coconut', 'coconut ice cream, ไอศกรีมกะทิ, ไอติมกะทิ'],
  ['c:tomyum c:soup', 'tom yum, tom yam, ต้มยำ, ต้มยำกุ้ง, tom yum goong, tom yum kung'],
  ['c:tomkha c:soup', 'tom kha, tom kha gai, ต้มข่า, ต้มข่าไก่'],
  [
    'c:somtam c:salad c:papaya',
    'som tam, som tum, papaya salad, salade de papaye, insalata di papaya, papayasalat, ส้มตำ',
  ],
  ['c:larb', 'larb, laab, laap, ลาบ'],
  ['c:satay', 'satay, saté, sate, สะเต๊ะ'],
  [
    'c:springroll',
    'spring roll, rouleau de printemps, nem, nems, involtino primavera, frühlingsrolle, frühlingsrollen, ปอเปี๊ยะ, ปอเปี๊ยะทอด',
  ],
  ['c:krapow c:basil', 'pad kra pao, kra pao, krapow, kaprao, ผัดกะเพรา, กะเพรา'],
  ['c:mangostickyrice c:mango c:stickyrice c:rice', 'mango sticky rice, khao niao mamuang, ข้าวเหนียวมะม่วง'],
  [
    'c:thaitea c:tea',
    'thé glacé thaï, thés glacés thaï, thé thaï glacé, thé thaï, tè freddo thai, tè thai, tè thailandese, thailändischer eistee, thai eistee, thai-eistee, thai iced tea, cha yen, ชาเย็น, ชาไทยเย็น, thai tea, thé thaï, tè thai, thai eistee, ชาไทย',
  ],
  ['c:coffee', 'coffee, café, caffè, caffe, kaffee, กาแฟ'],
  ['c:espresso', 'espresso, expresso, espressi, ristretto, เอสเพรสโซ่, เอสเปรสโซ่, เอสเพรสโซ'],
  ['c:latte', 'latte, caffè latte, caffe latte, latte macchiato, ลาเต้'],
  ['c:americano', 'americano, อเมริกาโน่'],
  ['c:mocha', 'mocha, มอคค่า'],
  ['c:cappuccino', 'cappuccino, cappucino, capuccino, คาปูชิโน่, คาปูชิโน'],
  ['c:tea', 'tea, thé, tè, tee, ชา'],
  ['c:drink', 'น้ำ, เครื่องดื่มเย็น'],
  ['c:fishsauce', 'fish sauce, sauce poisson, salsa di pesce, fischsauce, น้ำปลา'],
  ['c:water', 'water, eau, acqua, wasser, น้ำเปล่า, น้ำดื่ม'],
  ['c:sparkling', 'sparkling, gazeuse, pétillante, frizzante, gassata, sprudel, mit kohlensäure, โซดา'],
  ['c:juice', 'juice, jus, succo, spremuta, saft, น้ำผลไม้'],
  ['c:lemonade', 'lemonade, limonade, limonata, limo, น้ำมะนาว'],
  ['c:cola', 'coke, cola, coca, coca cola, coca-cola, โค้ก'],
  ['c:beer is:alcohol', 'beer, bière, birra, bier, pils, lager, เบียร์'],
  [
    'c:alcohol',
    'alcohol, alcoholic, booze, spirits, liquor, liqueur, alcool, alcoolisé, alcoolisée, spiritueux, alcol, alcolico, alcolici, superalcolici, alkohol, alkoholisch, alkoholische, spirituosen, schnaps, เหล้า, แอลกอฮอล์',
  ],
  // Drinks that are alcoholic: a dish whose text names one is among "alcohol" (is:), a guest's word finds only itself.
  [
    'is:alcohol',
    'soju, sake, makgeolli, ouzo, raki, arak, retsina, vodka, rum, tequila, mezcal, grappa, limoncello, amaro, prosecco, champagne, chianti, spumante, sekt',
  ],
  ['c:oven', 'oven, oven baked, baked, au four, four, gratiné, al forno, forno, ofen, überbacken, im ofen, เตาอบ'],
  [
    'c:stew',
    'stew, stews, ragoût, ragoûts, ragout, mijoté, stufato, spezzatino, umido, eintopf, eintöpfe, schmorgericht, สตู, สตูว์',
  ],
  ['c:wine is:alcohol', 'wine, wines, vin, vins, vino, vini, wein, weine, ไวน์'],
  ['c:redwine c:wine', 'red wine, vin rouge, vino rosso, rotwein, ไวน์แดง'],
  ['c:whitewine c:wine', 'white wine, vin blanc, vino bianco, weißwein, weisswein, ไวน์ขาว'],
  ['c:cocktail is:alcohol', 'cocktail, spritz, ค็อกเทล'],
  ['c:cake', 'cake, gâteau, torta, kuchen, torte, เค้ก'],
  ['c:pie', 'pie, tarte, crostata, tarte, พาย'],
  ['c:steak', 'steak, bistecca, entrecôte, สเต็ก'],
  ['c:fishchips c:fish c:fries', 'fish and chips, fish & chips, fish n chips'],
  [
    'c:softdrink',
    'ginger beer, root beer, soft drink, soft drinks, soda, boisson gazeuse, bibita, erfrischungsgetränk, limo, น้ำอัดลม',
  ],
  ['c:risotto', 'risotto, ริซอตโต้, ริซอตโต'],
  ['c:burrata', 'burrata, บูราต้า'],
  ['c:calzone', 'calzone, คาลโซเน่'],
  ['c:focaccia', 'focaccia, โฟคัชชา'],
  ['c:gelato', 'gelato, เจลาโต้'],
  ['c:fishcake c:fish', 'fish cake, fish cakes, galette de poisson, tortino di pesce, fischküchlein, ทอดมัน, ทอดมันปลา'],
  ['c:chips', 'crisps'],
  ['c:pie', 'pie, tourte, pasticcio, พาย'],
  ['c:pudding', 'sticky toffee pudding, toffee'],
  ['c:roast', 'roast, rôti, arrosto, braten, อบ, ย่าง'],
  ['c:fried', 'fried, frit, frite, fritto, fritti, gebraten, frittiert, ทอด'],
  [
    'c:grilled',
    'grilled, grill, grills, barbecue, barbecued, bbq, grillé, grillée, grillades, au grill, alla griglia, griglia, grigliato, grigliare, gegrillt, grillen, vom grill, ย่าง, บาร์บีคิว',
  ],
  ['c:stirfry', 'stir fry, stir fried, sauté, sautés, saltato, saltati, gebraten, ผัด'],
  ['c:ale is:alcohol', 'ale, ipa, stout, bitter'],
  ['c:cider is:alcohol', 'cider, cidre, sidro, apfelwein, ไซเดอร์'],
  ['c:gin is:alcohol', 'gin, gin tonic, จิน'],
  ['c:whisky is:alcohol', 'whisky, whiskey, วิสกี้'],
  ['c:lasagna', 'lasagna, lasagne, ลาซานญ่า'],
  ['c:gnocchi', 'gnocchi, ញ็อกกี'],
  ['c:ravioli', 'ravioli, raviolis'],
  ['c:tiramisu', 'tiramisu, tiramisù, ทีรามิสุ'],
  ['c:pannacotta', 'panna cotta, pannacotta'],
  ['c:bruschetta', 'bruschetta, bruschette'],
  ['c:carbonara', 'carbonara, คาโบนาร่า'],
  ['c:margherita', 'margherita, margarita, มาการิต้า, มาร์เกอริต้า, มาร์การิต้า'],
  ['c:sauce', 'sauce, salsa, soße, sauce, ซอส'],
  ['c:pudding', 'pudding, pouding, budino'],
  ['c:oat', 'oat, avoine, avena, hafer, โอ๊ต'],
  ['c:soy', 'soy, soya, soja, soia, ถั่วเหลือง'],
  ['c:pumpkin', 'pumpkin, potiron, citrouille, zucca, kürbis, ฟักทอง'],
  ['c:pea', 'pea, petits pois, piselli, erbsen, ถั่วลันเตา'],
  ['c:sweet', 'sweet, sucré, süß'],
  // Categories.
  [
    'c:starter',
    'starter, appetizer, appetiser, entrée, entrées, hors d oeuvre, antipasto, antipasti, vorspeise, vorspeisen, ของว่าง, ของทานเล่น, อาหารว่าง, ออเดิร์ฟ, อาหารเรียกน้ำย่อย',
  ],
  [
    'c:main',
    'main, mains, main course, main dish, plat principal, plats principaux, piatto principale, secondi piatti, secondi, hauptgericht, hauptgerichte, hauptspeise, hauptspeisen, จานหลัก, อาหารจานหลัก',
  ],
  [
    'c:dessert',
    'dessert, desserts, pudding, dolci, dolce, dessert, nachtisch, nachspeise, nachspeisen, süßspeise, ของหวาน, ขนมหวาน, ของหวาน',
  ],
  [
    'c:drink',
    'drink, drinks, beverage, beverages, boisson, boissons, bevanda, bevande, bibita, bibite, da bere, getränk, getränke, trinken, เครื่องดื่ม, ดื่ม',
  ],
  ['c:side', 'side, sides, side dish, accompagnement, garniture, contorno, contorni, beilage, beilagen, เครื่องเคียง'],
  ['c:breakfast', 'breakfast, petit déjeuner, colazione, frühstück, อาหารเช้า'],
  ['c:kids', 'kids, children, child, enfant, enfants, bambini, bambino, kinder, kindermenü, เด็ก'],
  // Variation words.
  [
    'c:large',
    'large, big, bigger, the big one, the large one, grande bouteille, grand format, grossa, grosso, ใหญ่กว่า, large, grand, grande, grosse, groß, grosse, gross, grosses, großes, ใหญ่, ไซส์ใหญ่',
  ],
  ['c:small', 'small, little, petit, petite, piccolo, piccola, klein, kleine, kleines, เล็ก, ไซส์เล็ก'],
  ['c:medium', 'medium, regular, moyen, moyenne, medio, media, mittel, mittlere, กลาง'],
  ['c:double', 'double, doppio, doppia, doppelt, doppelter, ดับเบิ้ล, คู่'],
  ['c:extra', 'extra, supplément, supplement, aggiunta, zusätzlich, เพิ่ม, พิเศษ'],
  ['c:iced', 'ice, iced, cold, glacé, glace, froid, freddo, fredda, ghiacciato, kalt, eis, เย็น'],
  ['c:hot', 'hot, warm, chaud, caldo, calda, heiß, ร้อน'],
  ['c:decaf', 'decaf, decaffeinated, déca, décaféiné, decaffeinato, deca, entkoffeiniert, koffeinfrei, ไม่มีคาเฟอีน'],
  ['c:glass', 'glass, verre, bicchiere, calice, glas, แก้ว'],
  ['c:bottle', 'bottle, bouteille, bottiglia, flasche, ขวด'],
  [
    'c:welldone',
    'well done, well-done, bien cuit, bien cuite, ben cotto, ben cotta, ben cotti, durch, durchgebraten, gut durch, สุกมาก',
  ],
  ['c:rare', 'rare, saignant, saignante, bleu, al sangue, blutig, englisch, สุกน้อย'],
  ['c:medium', 'à point, a point, media cottura, halb durch, สุกกลาง'],
  // Its own doneness: "medium rare" is neither "Medium" nor "Rare".
  ['c:mediumrare', 'medium rare, medium-rare, mi-saignant, mi saignant, rosé, rosée, poco al sangue, rosa'],
  ['c:half', 'half, demi, demie, mezzo, mezza, halb, halbe, halbes, ครึ่ง'],
  ['c:oil', 'oil, huile, olio, öl, น้ำมัน'],
];

// Dietary preferences, allergens and the words around them.
const DIET: Entry[] = [
  [
    'diet:vegan c:vegan',
    'vegan, vegans, végan, végane, végétalien, végétalienne, vegano, vegana, vegani, vegane, veganes, veganer, veganen, วีแกน, เจ',
  ],
  [
    'diet:vegetarian',
    'vegetarian, veggie, végétarien, végétarienne, végétariens, vegetariano, vegetariana, vegetariani, vegetarisch, vegetarische, vegetarisches, vegetarier, มังสวิรัติ, มังสะวิรัติ',
  ],
  [
    'diet:gluten-free c:glutenfree',
    'celiac, coeliac, coeliaque, cœliaque, celiaco, celiaca, zöliakie, zöliakiker, ซีลิแอค, gluten free, gluten-free, glutenfree, sans gluten, senza glutine, glutenfrei, glutenfreie, glutenfreies, ปลอดกลูเตน, ไม่มีกลูเตน',
  ],
  [
    'diet:dairy-free c:dairyfree',
    'dairy free, dairy-free, milk free, sans produits laitiers, sans lait, senza latticini, senza latte, milchfrei, milchfreie, ohne milchprodukte, ไม่มีนม, ไม่ใส่นม',
  ],
  // Lactose is not all of dairy: a lactose-free dish may still list dairy (decision 010).
  [
    'diet:lactose-free c:lactosefree',
    'lactose free, lactose-free, sans lactose, senza lattosio, laktosefrei, laktosefreie, laktosefreies, ohne laktose, ปลอดแลคโตส, ไม่มีแลคโตส',
  ],
  [
    'diet:egg-free c:eggfree',
    'egg free, egg-free, eggless, sans oeuf, sans oeufs, senza uova, eifrei, ohne ei, ohne eier, ไม่มีไข่',
  ],
  [
    'diet:spicyword c:spicy',
    'spiciest, hottest, the spiciest, le plus épicé, le plus piquant, il più piccante, am schärfsten, schärfste, schärfstes, เผ็ดที่สุด, spicy, hot and spicy, épicé, épicée, épicés, pimenté, piquant, piccante, piccanti, scharf, scharfe, scharfes, würzig, เผ็ด, รสจัด',
  ],
  [
    'diet:mild c:mild',
    'mild, not spicy, non spicy, not too spicy, can t handle spicy, can t eat spicy, cannot eat spicy, no spice, pas trop épicé, pas trop piquant, peu épicé, doux, non troppo piccante, nicht zu scharf, wenig scharf, เผ็ดไม่ได้, ไม่กินเผ็ด, ไม่ทานเผ็ด, pas épicé, pas piquant, pas pimenté, doux, non piccante, poco piccante, nicht scharf, ohne schärfe, ไม่เผ็ด, เผ็ดน้อย, ไม่เอาเผ็ด, ไม่ชอบเผ็ด',
  ],
  ['x:nuts', 'nussfrei, nussfreie, nussfreies, nussfreien, nut free, nut-free, peanut free'],
  [
    'alg:dairy',
    'dairy, cow s milk, cows milk, cow milk, lait de vache, latte vaccino, kuhmilch, นมวัว, นมวัวและผลิตภัณฑ์นม, นมเนย, milk products, produits laitiers, laitier, latticini, milchprodukte, milchprodukt, ผลิตภัณฑ์นม',
  ],
  ['alg:lactose', 'lactose, lattosio, laktose, แลคโตส'],
  ['alg:mustard', 'mustard, moutarde, senape, senf, มัสตาร์ด'],
  ['alg:celery', 'celery, céleri, sedano, sellerie, ขึ้นฉ่าย'],
  ['alg:sulphites', 'sulphites, sulfites, sulphite, sulfite, solfiti, sulfite, sulfit, sulfite, ซัลไฟต์'],
  [
    'alg:sesame',
    'sesame, sesame seeds, sésame, graines de sésame, sesamo, semi di sesamo, sesam, sesamsamen, tahini, tahina, งา',
  ],
  ['alg:gluten', 'gluten, wheat, blé, glutine, frumento, weizen, กลูเตน, แป้งสาลี'],
  ['alg:egg', 'egg, eggs, oeuf, oeufs, uovo, uova, ei, eier, ไข่'],
  ['alg:fish', 'fish, poisson, pesce, fisch, ปลา'],
  [
    'alg:nuts',
    'nut, nuts, noix, fruits à coque, fruits secs, frutta secca, frutta a guscio, nocciole, noci, nuss, nüsse, nüssen, ถั่ว, ถั่วต่างๆ',
  ],
  ['alg:treenuts', 'tree nut, tree nuts, fruits à coque, frutta a guscio, schalenfrüchte, baumnüsse, ถั่วเปลือกแข็ง'],
  [
    'alg:seafood',
    'seafood, shellfish, crustacean, crustaceans, fruits de mer, crustacés, coquillages, frutti di mare, crostacei, molluschi, meeresfrüchte, schalentiere, krustentiere, อาหารทะเล, กุ้ง, หอย, ปู',
  ],
  [
    'alg:bean',
    'bean, beans, legume, legumes, soy, soja, haricot, haricots, légumineuses, fagioli, legumi, soia, bohnen, hülsenfrüchte, ถั่วเหลือง',
  ],
];

const KEYWORDS: Entry[] = [
  [
    'kw:greet',
    'hi, hello, hey, hiya, good morning, good evening, good afternoon, bonjour, bonsoir, salut, coucou, ciao, buongiorno, buonasera, salve, hallo, guten tag, guten abend, guten morgen, servus, moin, grüß gott, สวัสดี, หวัดดี',
  ],
  [
    'kw:help',
    'comment ça marche, comment ca marche, comment ça fonctionne, come funziona, wie funktioniert das, wie funktioniert es, ใช้งานยังไง, ใช้ยังไง, help, what can you do, how does this work, how does it work, aide, aidez, aider, que pouvez vous faire, tu peux faire quoi, aiuto, aiutami, cosa puoi fare, cosa sai fare, hilfe, hilf, was kannst du, ช่วย, ช่วยด้วย, ทำอะไรได้บ้าง',
  ],
  [
    'kw:thanks',
    'thanks, thank you, thx, cheers, merci, grazie, mille grazie, danke, danke schön, dankeschön, vielen dank, ขอบคุณ, ขอบใจ',
  ],
  ['kw:bye', 'bye, goodbye, au revoir, arrivederci, tschüss, auf wiedersehen, ลาก่อน'],
  ['kw:menu', 'menu, the menu, carte, la carte, il menu, menù, speisekarte, karte, เมนู, รายการอาหาร'],
  [
    'kw:whatyouhave',
    'what s available, what is available, what do you have available, qu est ce qui est disponible, cosa c è di disponibile, was ist verfügbar, was ist heute verfügbar, what do you have, what have you got, what do you serve, what is there, qu avez vous, vous avez quoi, qu est ce que vous avez, cosa avete, che cosa avete, was habt ihr, was gibt es, was haben sie, มีอะไรบ้าง, มีอะไร',
  ],
  [
    'kw:recommend',
    'recommend, recommendation, recommendations, suggest, suggestion, suggestions, what is good, what s good, whats good, best, popular, favourite, favorite, signature, specialty, speciality, house special, must try, conseil, conseillez, conseiller, conseilles, recommandez, recommander, recommandation, suggérez, suggestion, spécialité, le meilleur, populaire, consiglia, consigli, consigliate, consigliare, consigliami, suggerisci, suggerite, suggerimento, specialità, il migliore, empfehlen, empfiehlst, empfehlung, empfehlungen, empfehle, spezialität, was ist gut, beliebt, แนะนำ, เมนูเด็ด, เมนูแนะนำ, ขายดี, อร่อย',
  ],
  [
    'kw:cheapest',
    'cheapest, least expensive, lowest price, cheapest one, most affordable, le moins cher, la moins chère, moins cher, moins chère, le plus économique, il più economico, la più economica, più economico, meno caro, meno cara, il meno caro, am günstigsten, am billigsten, günstigste, günstigstes, billigste, billigstes, preiswerteste, ถูกที่สุด, ราคาถูกที่สุด, ถูกสุด',
  ],
  [
    'kw:expensive',
    'most expensive, priciest, most pricey, le plus cher, la plus chère, plus cher, plus chère, il più caro, la più cara, più caro, più costoso, am teuersten, teuerste, teuerstes, แพงที่สุด, แพงสุด',
  ],
  [
    'kw:price',
    'price, prices, cost, costs, how much, how expensive, prix, combien, coûte, coute, coûtent, tarif, prezzo, prezzi, quanto, costa, costano, preis, preise, kostet, kosten, was kostet, wie viel, wieviel, teuer, ราคา, เท่าไหร่, เท่าไร, กี่บาท',
  ],
  [
    'kw:whatin',
    'what is in, what s in, whats in, what is inside, ingredients, ingredient, made of, made with, composition, what is it, qu y a t il dans, qu est ce qu il y a dans, ingrédients, ingrédient, composé, c est quoi, ingredienti, ingrediente, cosa c è, cosa c e, cos è, che cos è, di cosa è fatto, zutaten, zutat, was ist drin, was ist in, was ist das, woraus, ส่วนผสม, ทำจาก, ใส่อะไร, มีอะไรอยู่, คืออะไร',
  ],
  [
    'kw:contains',
    'contain, contains, containing, have, has, with, got, any, is there, are there, contient, contiennent, il y a, y a t il, avec, contiene, contengono, c è, con, enthält, enthalten, drin, dabei, mit, มี, ใส่, ไหม, มั้ย, หรือเปล่า, หรือไม่',
  ],
  [
    'kw:tell',
    'tell me about, tell me more, describe, more about, info, information, details, parlez moi de, parle moi de, dites moi, décris, raccontami, parlami di, dimmi di, descrivi, erzähl mir, erzähle, beschreib, infos, เล่า, รายละเอียด, บอก',
  ],
  [
    'kw:q',
    'what s, whats, what are, qu est ce que, c est quoi, is, are, does, do, did, can, could, what, which, how, est ce, est ce que, est il, est elle, combien, quel, quelle, quels, quelles, quoi, y a t il, avez vous, quanto, quanta, cosa, quale, quali, ci sono, avete, è, was, wie, welche, welcher, welches, ist, sind, hat, haben sie, gibt es, ไหม, มั้ย, หรือเปล่า, เท่าไหร่, อะไร, ไหน, หรือไม่, ใช่ไหม',
  ],
  [
    'kw:add',
    'could we get, can we get, can we have, could we have, may we have, we d like, we will have, we ll get, let me get, let me have, i need, add, i ll take, i ll have, ill take, ill have, i will take, i will have, i d like, id like, i would like, i want, we want, we ll take, we ll have, we would like, give me, can i have, can i get, could i have, could i get, may i have, get me, bring me, i ll get, order, put, another, one more, ajoute, ajouter, ajoutez, je prends, je vais prendre, on prend, nous prenons, je voudrais, je veux, nous voudrions, on voudrait, donnez moi, donne moi, mettez, mets, commander, commande, encore, prendrei, prendo, prendiamo, vorrei, vorremmo, voglio, aggiungi, aggiungere, aggiungete, metti, ordinare, ordino, portami, portateci, mi porti, un altro, un altra, ancora, ich nehme, ich hätte gern, ich hätte gerne, ich möchte, wir möchten, wir nehmen, ich will, hätte gern, hätte gerne, möchte, nehme, nehmen, füge, hinzufügen, hinzu, bestelle, bestellen, noch ein, noch eine, noch einen, bringen sie, เอา, ขอ, สั่ง, เพิ่ม, รับ, อีก',
  ],
  ['kw:please', 'please, pls, s il vous plaît, s il te plaît, svp, stp, per favore, per piacere, bitte, กรุณา'],
  [
    'kw:remove',
    'less, en moins, de moins, in meno, weniger, ลดลง, toglilo, toglila, toglili, toglile, toglielo, levalo, levala, enlevez le, enlevez la, enlève le, enlève la, enlevez les, retirez le, retirez la, rausnehmen, herausnehmen, wegnehmen, rausmachen, streicht, remove, delete, take off, take out, cancel, drop, get rid of, don t want, dont want, no longer want, enlève, enlever, enlevez, retire, retirer, retirez, supprime, supprimer, supprimez, annule, annuler, annulez, ôte, ôter, togli, togliere, togliete, rimuovi, rimuovere, elimina, eliminare, cancella, cancellare, annulla, non voglio più, entferne, entfernen, entfernt, lösche, löschen, streiche, streichen, nimm raus, raus, storniere, stornieren, ลบ, เอาออก, ยกเลิก, ไม่เอา, ไม่เอาแล้ว, ถอน',
  ],
  ['kw:something', 'something, anything, quelque chose, qqch, qualcosa, etwas, irgendwas, อะไรสักอย่าง'],
  [
    'kw:show',
    'show, show me, see, let me see, look at, voir, montrez, montre, montrez moi, vedere, mostra, mostrami, fammi vedere, zeigen, zeig, zeigen sie, sehen, ดู, ขอดู',
  ],
  // The particle of a removal said apart from its verb: "take the beers off", "nimm das Bier weg", "เอาเบียร์ออก".
  ['kw:off', 'off, out of my order, out of the order, weg, raus, via, ออก'],
  ['kw:off kw:cart', 'du panier, de la commande, dal carrello, dall ordine, aus dem warenkorb, aus der bestellung'],
  ['kw:clearverb', 'empty, clear, vide, vider, videz, svuota, svuotare, svuotate, leere, leeren, ล้าง'],
  ['kw:all', 'everything, all of it, all, tout, toute, tous, tutto, tutti, alles, ทั้งหมด'],
  [
    'kw:change',
    'actually, finally, finalement, en fait, alla fine, in realtà, anzi, eigentlich, doch lieber, change, make it, make that, instead, instead of, only, just, update, set, modifie, modifier, changez, change, plutôt, au lieu de, seulement, juste, mettez en, cambia, cambiare, modifica, invece, invece di, solo, soltanto, ändere, ändern, änderung, stattdessen, nur, statt, mach, machen, เปลี่ยน, แก้, แก้เป็น, เปลี่ยนเป็น, แค่, เหลือ',
  ],
  [
    'kw:cart',
    'cart, basket, my order, my cart, our order, in our order, our cart, our basket, our bill, notre commande, nos commandes, dans notre commande, nostro ordine, nel nostro ordine, il nostro ordine, unsere bestellung, in unserer bestellung, ออเดอร์ของเรา, รายการของเรา, the order, what did i order, what have i ordered, what i ordered, in my cart, panier, mon panier, ma commande, qu est ce que j ai commandé, carrello, il mio carrello, il mio ordine, cosa ho ordinato, warenkorb, korb, meine bestellung, was habe ich bestellt, bestellung, ตะกร้า, รายการที่สั่ง, สั่งอะไรไปแล้ว, สั่งอะไรไป, ออเดอร์',
  ],
  [
    'kw:total',
    'altogether, all together, in total, en tout, au total, in tutto, in totale, zusammen, alles zusammen, รวมเท่าไหร่, รวมทั้งหมด, total, the total, bill, the bill, check, sum, how much do i owe, how much is it all, how much in total, addition, l addition, montant, somme, totale, il totale, conto, il conto, summe, gesamt, insgesamt, gesamtbetrag, rechnung, die rechnung, ทั้งหมด, รวม, ยอดรวม, เช็คบิล, ทั้งหมดเท่าไหร่, owe, owe you, do we owe, how much do we owe, what do we owe, what do i owe, the damage, so far in total, la note, quanto fa, quanto viene, quanto ti devo, quanto le devo, quanto dobbiamo, il totale, was macht das, was schulden wir, was bekommen sie, was kostet alles, ยอด, ยอดทั้งหมด, รวมกี่บาท, ทั้งหมดกี่บาท',
  ],
  [
    'kw:checkout',
    'we re done, we are done, i m done, i am done, done ordering, c est bon, c est tout bon, on a fini, nous avons fini, j ai fini, abbiamo finito, ho finito, finito, wir sind fertig, ich bin fertig, fertig, เสร็จแล้ว, ready to order, i m ready, im ready, we re ready, we are ready, i am ready, checkout, check out, place the order, place my order, place order, send the order, confirm the order, confirm my order, confirm, that s all, thats all, that is all, pay, finish, done, je suis prêt, je suis prête, nous sommes prêts, on est prêts, prêt à commander, valider, valider la commande, passer la commande, passer commande, confirmer, c est tout, payer, sono pronto, sono pronta, siamo pronti, pronto per ordinare, conferma, confermare, confermo, procedi, è tutto, pagare, ich bin bereit, wir sind bereit, bereit zu bestellen, bestellung abschicken, abschicken, bestätigen, das wäre alles, das ist alles, bezahlen, zahlen, wir möchten zahlen, zur kasse, kasse, พร้อมสั่ง, พร้อมแล้ว, ยืนยัน, สั่งเลย, ชำระเงิน, จ่ายเงิน, แค่นี้, that s everything, that is everything, that ll do, that will do, ça ira, ca ira, ça ira comme ça, va bene così, va bene cosi, das reicht, das reicht erstmal, ไม่เอาอะไรแล้ว, ไม่เอาอะไรเพิ่มแล้ว, thats everything, that s it, thats it, that is it, that s all for now, that will be all, that ll be all, that s all for us, nothing else, nothing more, we re good, we are good, we re all set, all set, send it, send the order, ce sera tout, ça sera tout, ca sera tout, rien d autre, c est bon pour nous, on est bon, on peut commander, nous pouvons commander, envoyez la commande, envoyer la commande, basta così, basta cosi, nient altro, niente altro, possiamo ordinare, a posto così, a posto cosi, è tutto per noi, das wäre es, das war s, das war alles, mehr nicht, sonst nichts, nichts weiter, nichts mehr, wir können bestellen, wir möchten bestellen, เท่านี้, เท่านี้ก่อน, แค่นี้ก่อน, แค่นี้แหละ, พอแล้ว, ครบแล้ว, สั่งได้เลย, ส่งออเดอร์, ยืนยันออเดอร์',
  ],
  [
    'kw:without',
    'isn t, aren t, is not, are not, n est pas, ne sont pas, non è, non sono, ist nicht, sind nicht, don t like, do not like, don t eat, do not eat, can t eat, cannot eat, can t have, avoid, je n aime pas, je ne mange pas, je ne supporte pas, non mangio, non mi piace, non posso mangiare, evito, ich esse kein, ich esse keine, ich mag kein, ich mag keine, vertrage kein, vertrage keine, ไม่กิน, ไม่ทาน, ไม่ชอบ, without, no, not, free of, none, sans, pas de, pas d, aucun, aucune, senza, niente, no, non, ohne, kein, keine, keinen, keiner, nicht, ไม่ใส่, ไม่มี, ไม่เอา, ไม่, งด',
  ],
  [
    'kw:allergic',
    'allergic, allergy, allergies, intolerant, intolerance, allergique, allergie, intolérant, intolérance, allergico, allergica, allergia, intollerante, intolleranza, allergisch, allergie, unverträglichkeit, intoleranz, unverträglich, vertrage ich nicht, vertrag ich nicht, verträgt er nicht, verträgt sie nicht, je ne supporte pas, non tollero, can t tolerate, แพ้',
  ],
  ['kw:free', 'free, frei, freie, freies, ปลอด'],
  [
    'kw:under',
    'under, below, less than, max, maximum, at most, up to, cheaper than, no more than, within, budget, moins de, en dessous de, au maximum, maximum, max, jusqu à, pas plus de, sous, moins que, meno di, sotto, sotto i, al massimo, massimo, fino a, entro, non più di, unter, weniger als, höchstens, maximal, bis, bis zu, nicht mehr als, billiger als, ไม่เกิน, ต่ำกว่า, น้อยกว่า, ถูกกว่า, งบ',
  ],
  [
    'kw:over',
    'over, more than, above, at least, plus de, au moins, più di, almeno, über, mehr als, mindestens, มากกว่า, เกิน, ขึ้นไป',
  ],
  [
    'kw:ref',
    'it, that, this, this one, that one, them, these, those, le, la, les, ça, ca, celui, celle, celui ci, celui là, ceux, lo, gli, quello, quella, questo, questa, questi, quelli, es, das, den, die, ihn, diese, dieses, diesen, davon, อันนี้, อันนั้น, นี้, นั้น, จานนี้, เมนูนี้',
  ],
  [
    'kw:which',
    'which, which ones, which of, lesquels, lesquelles, lequel, laquelle, quali, quale, welche, welcher, welches, อันไหน, อะไรบ้าง',
  ],
  ['kw:conj', 'and, plus, et, e, ed, poi, und, sowie, และ, กับ, +, &'],
  // "8 dollars or less": a price limit said after the amount.
  [
    'kw:orless',
    'or less, or under, or below, ou moins, au plus, o meno, al massimo, oder weniger, höchstens, หรือน้อยกว่า, ไม่เกินนั้น',
  ],
  // "sans oeufs ni soja": the negation carries on.
  ['kw:nor', 'nor, or any, ni, né, weder, ไม่ทั้ง'],
  ['kw:with', 'with, avec, con, mit, ใส่, แบบ'],
  [
    'kw:have',
    'do you have, have you got, is there, are there, vous avez, avez vous, est ce que vous avez, il y a, avete, c è, ci sono, habt ihr, haben sie, gibt es, มี, มีไหม',
  ],
  ['kw:only', 'only, just, seulement, uniquement, juste, solo, soltanto, nur, แค่, เท่านั้น'],
  // Past orders and "so far": cart questions without the word "cart" ("what did we order so far?").
  [
    'kw:ordered',
    'ordered, we ordered, i ordered, have we ordered, have i ordered, did we order, did i order, did we get, have we had, j ai commandé, on a commandé, j ai déjà commandé, on a déjà commandé, nous avons déjà commandé, ai déjà commandé, a déjà commandé, ai déjà pris, a déjà pris, avons déjà pris, ho già ordinato, abbiamo già ordinato, ho già preso, abbiamo già preso, nous avons commandé, avons commandé, ai commandé, a commandé, j ai pris, on a pris, nous avons pris, avons pris, ordinato, ordinata, ordinati, ordinate, ho preso, abbiamo preso, abbiamo ordinato, ho ordinato, bestellt, genommen, schon bestellt, สั่งไป, สั่งไปแล้ว, สั่งแล้ว, ที่สั่ง',
  ],
  [
    'kw:sofar',
    'so far, until now, up to now, till now, for now, yet, already, by now, jusqu ici, jusqu à présent, pour l instant, pour le moment, déjà, finora, fino ad ora, fino adesso, fin qui, per ora, per adesso, già, bis jetzt, bisher, schon, momentan, derzeit, ถึงตอนนี้, จนถึงตอนนี้, ตอนนี้, ไปแล้ว',
  ],
  [
    'kw:possess',
    'have we got, have we, have i got, we have, we ve got, we got, i have, i ve got, avons nous, on a, j ai, nous avons, abbiamo, ho, haben wir, habe ich, wir haben, ich habe, hab ich, haben, habe, hab, เรามี, มีอะไรแล้ว',
  ],
  // A correction inside one message: "2 margheritas, one large... actually make both large".
  [
    'kw:correct',
    'actually, no wait, wait, sorry, i mean, or rather, rather, en fait, finalement, plutôt, enfin, non attendez, pardon, anzi, in realtà, alla fine, cioè, scusa, scusi, eigentlich, doch lieber, nein warte, warte, sorry, äh nein, เอ้ย, ไม่ใช่, เปลี่ยนใจ',
  ],
  [
    'kw:both',
    'both, both of them, all of them, each, les deux, tous les deux, toutes les deux, chacun, chacune, entrambi, entrambe, tutti e due, tutte e due, tutte e 2, beide, beiden, alle beide, jeweils, ทั้งสอง, ทั้งคู่, ทั้งสองอัน, ทั้งสองจาน',
  ],
  ['kw:question', '?'],
  // Changing how a dish is made, or its price: nothing the guest assistant can do (said, nothing added).
  [
    'kw:swap',
    'swap, substitute, replace, exchange, switch, discount, for free, échanger, échangez, remplacer, remplacez, remplace, réduction, remise, gratuit, gratuits, gratuite, sostituire, sostituisci, sostituite, scambiare, cambiare con, sconto, gratis, tauschen, tausche, austauschen, ersetzen, ersetze, ersetzt, rabatt, umsonst, kostenlos, สลับ, แทนที่, ส่วนลด, ลดราคา, ฟรี',
  ],
  ['kw:orderverb kw:add', 'order, to order, commander, ordinare, ordinazione, bestellen, สั่ง, สั่งอาหาร'],
];

const NUMBERS: Entry[] = [
  [
    'n:1',
    'single, เดียว, จานเดียว, อันเดียว, แก้วเดียว, ที่เดียว, one, un, une, uno, una, eins, ein, eine, einen, einem, einer, หนึ่ง',
  ],
  [
    'n:2',
    'two, couple, a couple, deux, due, zwei, zwo, สอง, คู่, twice, two of those, deux fois, due volte, zweimal, สองที่',
  ],
  ['n:3', 'three, trois, tre, drei, สาม, three times, trois fois, tre volte, dreimal'],
  ['n:4', 'four, quatre, quattro, vier, สี่'],
  ['n:5', 'five, cinq, cinque, fünf, ห้า'],
  ['n:6', 'six, sei, sechs, หก'],
  ['n:7', 'seven, sept, sette, sieben, เจ็ด'],
  ['n:8', 'eight, huit, otto, acht, แปด'],
  ['n:9', 'nine, neuf, nove, neun, เก้า'],
  ['n:10', 'ten, dix, dieci, zehn, สิบ'],
  ['ord:1', 'first, first one, premier, première, primo, prima, erste, ersten, erstes, erster, แรก, อันแรก'],
  ['ord:2', 'second, second one, deuxième, secondo, seconda, zweite, zweiten, zweites'],
  ['ord:3', 'third, troisième, terzo, terza, dritte, dritten, drittes'],
  ['ord:last', 'last, last one, dernier, dernière, ultimo, ultima, letzte, letzten, letztes, สุดท้าย, อันสุดท้าย'],
  ['cur:eur', '€, eur, euro, euros, eure, ยูโร'],
  ['cur:usd', '$, usd, dollar, dollars, ดอลลาร์'],
  ['cur:gbp', '£, gbp, pound, pounds, quid, sterling'],
  ['cur:thb', '฿, thb, baht, บาท'],
];

/**
 * Words with no meaning for matching (articles, pronouns, fillers, polite words, Thai particles and
 * classifiers). They still take part in keyword phrases.
 */
export const STOPWORDS_TEXT = `
a an the of to for in on at by from is are am be was were do does did i me my we our you your he she they it its
this that these those there here what which who how can could would should will shall may might some any anything
something everything please pls like want need get have has had got give take also too very really just so well
then than or but if about dish dishes food meal meals option options thing things item items one ones menu one's
yes no ok okay hmm hey oh also else any other more much many lot lots kind type sort us let lets let's
i'm im i'll ill i'd id you're we're can't cant don't dont isn't is't s ll d re ve m t
le la les l un une des du de d au aux et ou mais donc or ni car je tu il elle on nous vous ils elles me te se y en
ce cet cette ces mon ma mes ton ta tes son sa ses notre votre leur leurs qui que quoi qu est sont suis es ai as a avez
avons ont plat plats chose choses quelque quelques peu bien merci oui non voudrais veux vous pour par sur dans plaît
il lo gli i le la un uno una un' di da del della dello dei delle degli al allo alla ai agli alle dal dalla nel nella
sul sulla che chi cosa come per tra fra mi ti ci vi si sono sei è e ho hai ha abbiamo avete hanno piatto piatti qualcosa
qualche vorrei voglio anche molto po' un po
der die das den dem des ein eine einer eines einem einen und oder aber ich du er sie es wir ihr mich mir dich dir uns
euch ist sind bin bist war haben habe hast hat gibt gericht gerichte speise speisen etwas was welche welcher welches
wie auch noch sehr mal doch ja nein gern gerne zu zum zur im am vom beim für von auf an in aus bei mit
need besoin bisogno brauche eat eating safe okay handle allowed suitable ok fine good nice here now
manger mange peux peut puis pouvez possible convient adapté bon bonne ici maintenant c j n s m qu t
mangiare posso puoi può adatto adatta buono buona qui adesso ora
essen esse kann kannst können darf geeignet gut hier jetzt gehen geht passt
กิน ทาน ได้บ้าง ดี ดีๆ ตอนนี้ ที่นี่ ครับ ค่ะ คะ นะ จ้ะ จ้า หน่อย ได้ไหม ได้ ไหม มั้ย บ้าง อะไร อาหาร เมนู จาน ที่ แก้ว ชาม ถ้วย ชิ้น ขวด อัน กล่อง ห่อ ลูก ที
ให้ ด้วย ผม ฉัน ดิฉัน เรา คุณ เป็น คือ ของ และ กับ จะ ก็ มี ไม่ ขอ เอา หน่อยครับ หน่อยค่ะ แบบ ไป มา แล้ว ค่ะ
stuff think guess suppose believe reckon pense crois penso credo glaube denke คิดว่า friend friends buddy pal amigo ami amis amie amico amici amica freund freunde leute monsieur madame signora signore herr frau say sagen sag dire dites dimmi dica work works far available already still yet right um uh erm alright anyway guys folks mate sir madam
déjà alors bon ben euh bah maintenant svp stp voilà actuellement
già allora dunque ecco beh ehm finora
schon bisher also na äh ähm jetzt denn halt eben gerade bitte momentan
นะคะ นะครับ ละ ล่ะ เลย จ้ะ ฮะ ครับผม คร้าบ ค่า
`;

export const LEXICON: Entry[] = [...CONCEPTS, ...DIET, ...KEYWORDS, ...NUMBERS];

/** Allergen ids as the menu spells them, keyed by our tag names. */
export const ALLERGEN_IDS: Record<string, string> = {
  dairy: 'dairy',
  gluten: 'gluten',
  egg: 'egg',
  fish: 'fish',
  nuts: 'nuts',
  treenuts: 'tree nuts',
  seafood: 'seafood',
  bean: 'bean',
  mustard: 'mustard',
  celery: 'celery',
  sulphites: 'sulphites',
  sesame: 'sesame',
  lactose: 'lactose',
};

/** The "-free" preference that labels the absence of each allergen. */
export const FREE_LABEL: Record<string, string> = {
  dairy: 'dairy-free',
  gluten: 'gluten-free',
  egg: 'egg-free',
  bean: 'bean-free',
  lactose: 'lactose-free',
};

// ------------------------------------------------------------------------------------------------
// Word lists the rules read as whole words (not as tags), per language.

export type LexiconLanguage = 'en' | 'fr' | 'it' | 'de' | 'th';
export const LEXICON_LANGUAGES: readonly LexiconLanguage[] = ['en', 'fr', 'it', 'de', 'th'];
export type WordList = Record<LexiconLanguage, readonly string[]>;

export const WORD_LISTS = {
  /** Words that open a question asking to choose ("which mains can I have?"): asking, not ordering. */
  questionOpeners: {
    en: ['what', 'which'],
    fr: ['quel', 'quelle', 'quels', 'quelles'],
    it: ['quale', 'quali', 'che'],
    de: ['welche', 'welcher', 'welches', 'welchen', 'welchem', 'was für'],
    th: ['อันไหน', 'เมนูไหน'],
  },
  /** A message opening with an article names something to order ("a singha, the big one"). */
  articles: {
    en: ['a', 'an'],
    fr: ['un', 'une'],
    it: ['un', 'uno', 'una'],
    de: ['ein', 'eine', 'einen'],
    th: ['หนึ่ง'],
  },
  /** Verbs that take a separate "off" particle ("take the beers off", "nimm das Bier weg"). */
  takeVerbs: {
    en: ['take', 'get'],
    fr: ['enlève', 'enlevez', 'retire', 'retirez'],
    it: ['togli', 'togliete', 'leva', 'levate'],
    de: ['nimm', 'nehmt', 'tu', 'tut'],
    th: ['เอา'],
  },
  /** Words that add to an order after a correction ("actually, also a coke"): not a replacement. */
  additive: {
    en: ['also', 'too', 'plus'],
    fr: ['aussi', 'egalement'],
    it: ['anche', 'pure', 'inoltre'],
    de: ['auch', 'noch', 'dazu'],
    th: ['ด้วย', 'เพิ่ม'],
  },
  /** Thai question particles and words, anywhere in the message (Thai asks at the end). */
  thaiQuestion: {
    en: [],
    fr: [],
    it: [],
    de: [],
    th: ['ไหม', 'มั้ย', 'หรือเปล่า', 'หรือไม่', 'เท่าไหร่', 'เท่าไร', 'อะไร', 'ไหน', 'ใช่ไหม'],
  },
  /** German head nouns that only say "dish of" in a compound: "Nudelgerichte", "Fischspeisen". */
  compoundHeads: {
    en: [],
    fr: [],
    it: [],
    de: ['gericht', 'gerichte', 'gerichten', 'speise', 'speisen', 'sorte', 'sorten'],
    th: [],
  },
  /** Words a plural rule would merge with a dish ("paste" is not "pasta"): kept apart by the stemmer. */
  stemExceptions: {
    en: ['paste', 'pastes', 'taste', 'waste'],
    fr: [],
    it: [],
    de: [],
    th: [],
  },
} satisfies Record<string, WordList>;

/**
 * Lists that only one language needs (Thai question particles, German compound heads, English stemmer
 * exceptions); every other list has words in all five languages (lexicon.test.ts checks).
 */
export const SINGLE_LANGUAGE_LISTS: ReadonlySet<keyof typeof WORD_LISTS> = new Set([
  'thaiQuestion',
  'compoundHeads',
  'stemExceptions',
]);

/** Every word of a list, all languages, folded as tokens are ("enlève" -> "enleve"). */
export function wordsOf(list: WordList): string[] {
  return [...new Set(LEXICON_LANGUAGES.flatMap((l) => list[l]))];
}

export function wordSet(list: WordList): Set<string> {
  return new Set(
    wordsOf(list).map((w) =>
      w
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC'),
    ),
  );
}
