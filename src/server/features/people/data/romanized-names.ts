/**
 * Common given names and surnames, written in Latin letters, for the countries whose Faker locale writes
 * names in another script (Japanese, Chinese, Korean, Cyrillic, Arabic...). Business directories and
 * company e-mail addresses use the romanised form, so synthetic contacts there do too. Compiled for this
 * project from common-name rankings; no one person is meant.
 */

/** One comma-separated string per list, so the tables stay a few lines. */
const names = (text: string): readonly string[] => text.split(/\s*,\s*/);

export type NameLists = {
  female: readonly string[];
  male: readonly string[];
  /** Surnames; `femaleLast` when the language inflects them (Ivanov, Ivanova). */
  last: readonly string[];
  femaleLast?: readonly string[];
};

const RUSSIAN_LAST = names(
  'Ivanov, Smirnov, Kuznetsov, Popov, Vasiliev, Petrov, Sokolov, Mikhailov, Novikov, Fedorov, Morozov, ' +
    'Volkov, Alekseev, Lebedev, Semenov, Egorov, Pavlov, Kozlov, Stepanov, Nikolaev, Orlov, Andreev, ' +
    'Makarov, Nikitin, Zakharov, Zaitsev, Soloviev, Borisov, Yakovlev, Grigoriev, Romanov, Vorobiev, ' +
    'Sergeev, Frolov, Belov, Tarasov, Kiselev, Antonov, Titov, Baranov',
);

export const ROMANIZED_NAMES = {
  ja: {
    female: names(
      'Yui, Aoi, Hina, Sakura, Yuna, Mio, Akari, Yuka, Haruka, Misaki, Ayaka, Naomi, Kaori, Keiko, Yoko, ' +
        'Emi, Mayumi, Tomoko, Naoko, Yumi, Rie, Asuka, Megumi, Chihiro, Nanami, Mai, Eri, Saki, Kana, Aya',
    ),
    male: names(
      'Hiroshi, Takashi, Kenji, Daisuke, Yuki, Haruto, Sota, Ren, Takumi, Kazuki, Shota, Ryota, Naoki, ' +
        'Satoshi, Makoto, Kenta, Yusuke, Tatsuya, Koji, Akira, Masato, Tomoya, Kaito, Riku, Yuto, Shun, ' +
        'Hideki, Noboru, Tetsuya, Jun',
    ),
    last: names(
      'Sato, Suzuki, Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato, Yoshida, ' +
        'Yamada, Sasaki, Yamaguchi, Matsumoto, Inoue, Kimura, Hayashi, Shimizu, Yamazaki, Mori, Abe, ' +
        'Ikeda, Hashimoto, Yamashita, Ishikawa, Nakajima, Maeda, Fujita, Ogawa, Goto, Okada, Hasegawa, ' +
        'Murakami, Kondo, Ishii, Saito, Sakamoto, Endo, Aoki',
    ),
  },
  zh: {
    female: names(
      'Na, Wei, Fang, Xiuying, Min, Jing, Yan, Hui, Ling, Xia, Mei, Lan, Yun, Qian, Ting, Xin, Yue, ' +
        'Lei, Jia, Shufen, Hong, Juan, Li, Xiaoyan, Dan, Ying, Ping, Rui, Siqi, Yuxin',
    ),
    male: names(
      'Wei, Jun, Lei, Qiang, Jie, Tao, Ming, Chao, Yong, Jian, Hao, Peng, Bin, Gang, Hui, Long, Xiang, ' +
        'Feng, Bo, Kai, Yi, Chen, Zhiwei, Jiahao, Yu, Hong, Hai, Zhen, Dong, Xin',
    ),
    last: names(
      'Wang, Li, Zhang, Liu, Chen, Yang, Huang, Zhao, Wu, Zhou, Xu, Sun, Ma, Zhu, Hu, Guo, He, Lin, ' +
        'Gao, Luo, Zheng, Liang, Xie, Song, Tang, Han, Feng, Deng, Cao, Peng, Zeng, Xiao, Tian, Dong, Pan, ' +
        'Yuan, Cai, Jiang, Yu, Du',
    ),
  },
  ko: {
    female: names(
      'Ji-woo, Seo-yeon, Min-ji, Ji-yeon, Su-bin, Ha-eun, Yu-na, Eun-ji, Hye-jin, Soo-jin, Ji-hye, ' +
        'Mi-kyung, Young-hee, Eun-young, Ye-jin, Da-eun, Seo-hyun, Na-yeon, Ji-min, So-yeon, Hyun-jung, ' +
        'Jung-eun, Su-ah, Ha-yoon, Yeon-woo',
    ),
    male: names(
      'Min-jun, Seo-jun, Ji-hoon, Hyun-woo, Jun-ho, Dong-hyun, Sung-min, Jae-won, Young-ho, Sang-woo, ' +
        'Jin-woo, Tae-yang, Do-yoon, Ji-ho, Woo-jin, Seung-hyun, Joon-young, Kyung-soo, Jae-hyun, ' +
        'Hyun-jun, Min-seok, Tae-hoon, Sung-ho, Jong-min, Yong-jun',
    ),
    last: names(
      'Kim, Lee, Park, Choi, Jung, Kang, Cho, Yoon, Jang, Lim, Han, Oh, Seo, Shin, Kwon, Hwang, Ahn, ' +
        'Song, Jeon, Hong, Yoo, Ko, Moon, Yang, Son, Bae, Baek, Heo, Nam, Noh',
    ),
  },
  ru: {
    female: names(
      'Anna, Maria, Elena, Olga, Natalia, Tatiana, Irina, Svetlana, Ekaterina, Anastasia, Yulia, Daria, ' +
        'Ksenia, Marina, Victoria, Alina, Polina, Sofia, Valeria, Galina, Ludmila, Nadezhda, Vera, Oksana',
    ),
    male: names(
      'Alexander, Sergey, Dmitry, Andrey, Alexey, Maxim, Ivan, Mikhail, Nikolai, Vladimir, Artem, Pavel, ' +
        'Denis, Roman, Evgeny, Igor, Oleg, Yuri, Kirill, Anton, Konstantin, Viktor, Boris, Ilya',
    ),
    last: RUSSIAN_LAST,
    femaleLast: RUSSIAN_LAST.map((name) => `${name}a`),
  },
  ar: {
    female: names(
      'Fatima, Aisha, Mariam, Noura, Layla, Sara, Huda, Reem, Amira, Yasmin, Salma, Hana, Lina, Rania, ' +
        'Dina, Nadia, Samira, Zainab, Leila, Maha, Lamia, Rana, Jamila, Ghada',
    ),
    male: names(
      'Mohammed, Ahmed, Ali, Omar, Youssef, Khalid, Hassan, Ibrahim, Mahmoud, Mustafa, Abdullah, Tariq, ' +
        'Karim, Samir, Faisal, Nasser, Hamza, Walid, Rami, Ziad, Adel, Saeed, Yasser, Bilal',
    ),
    last: names(
      'Al-Sayed, Haddad, Mansour, Khalil, Hassan, Ibrahim, Nasser, Saleh, Aziz, Farouk, Hamdan, Qasim, ' +
        'Al-Amin, Rahman, Suleiman, Othman, Darwish, Khoury, Najjar, Sabbagh, Al-Harbi, Al-Qahtani, ' +
        'Al-Ghamdi, Al-Zahrani, El-Masry, Abdel-Rahman, Mahmoud, Youssef, Hamad, Karam',
    ),
  },
  fa: {
    female: names(
      'Maryam, Zahra, Fatemeh, Narges, Sara, Shirin, Leila, Parisa, Mina, Neda, Azadeh, Roya, Nazanin, ' +
        'Mahsa, Elham, Samira, Soheila, Hoda, Fereshteh, Niloufar',
    ),
    male: names(
      'Ali, Reza, Mohammad, Hossein, Mehdi, Amir, Hamid, Saeed, Ahmad, Mojtaba, Behzad, Dariush, Farhad, ' +
        'Kamran, Babak, Arash, Navid, Omid, Pouya, Kourosh',
    ),
    last: names(
      'Mohammadi, Hosseini, Ahmadi, Rezaei, Moradi, Karimi, Jafari, Rahimi, Hashemi, Mousavi, Sadeghi, ' +
        'Ghorbani, Heidari, Kazemi, Azizi, Tehrani, Shirazi, Esfahani, Najafi, Bagheri, Amini, Nouri',
    ),
  },
  ur: {
    female: names(
      'Ayesha, Fatima, Sana, Hira, Mahnoor, Zainab, Amna, Sadia, Nida, Rabia, Maryam, Saba, Iqra, Kiran, ' +
        'Bushra, Sidra, Noor, Farah, Uzma, Samina',
    ),
    male: names(
      'Muhammad, Ahmed, Ali, Hassan, Usman, Bilal, Imran, Faisal, Kamran, Asif, Tariq, Zubair, Hamza, ' +
        'Adnan, Shahid, Waqas, Fahad, Salman, Naveed, Junaid',
    ),
    last: names(
      'Khan, Ahmed, Ali, Malik, Hussain, Butt, Chaudhry, Qureshi, Sheikh, Shah, Iqbal, Raza, Mirza, ' +
        'Siddiqui, Abbasi, Akhtar, Javed, Aslam, Bhatti, Rana',
    ),
  },
  bn: {
    female: names(
      'Fatema, Nusrat, Sumaiya, Tasnim, Farzana, Sharmin, Nasrin, Ruma, Shirin, Sadia, Jannatul, Mim, ' +
        'Tania, Rupa, Mitu, Shapla, Rehana, Dilruba, Laila, Nadia',
    ),
    male: names(
      'Mohammad, Abdul, Rahim, Karim, Hasan, Rafiq, Kamal, Jamal, Shafiq, Anwar, Faruk, Habib, Mizanur, ' +
        'Shahidul, Arif, Sohel, Rashed, Tanvir, Imran, Sabbir',
    ),
    last: names(
      'Rahman, Hossain, Islam, Ahmed, Chowdhury, Khan, Uddin, Alam, Akter, Sarker, Miah, Hasan, Das, Roy, ' +
        'Saha, Begum, Karim, Haque, Sheikh, Talukder',
    ),
  },
  el: {
    female: names(
      'Maria, Eleni, Katerina, Vasiliki, Sofia, Georgia, Dimitra, Ioanna, Anna, Konstantina, Eirini, ' +
        'Despina, Angeliki, Christina, Panagiota, Athina',
    ),
    male: names(
      'Georgios, Dimitrios, Konstantinos, Ioannis, Nikolaos, Panagiotis, Christos, Vasilis, Athanasios, ' +
        'Michail, Evangelos, Spyros, Andreas, Stavros, Petros, Alexandros',
    ),
    last: names(
      'Papadopoulos, Papadakis, Georgiou, Nikolaidis, Karagiannis, Vlachos, Dimitriou, Ioannou, ' +
        'Konstantinou, Oikonomou, Christodoulou, Alexiou, Papanikolaou, Makris, Antoniou, Pappas',
    ),
  },
  he: {
    female: names(
      'Noa, Tamar, Maya, Shira, Yael, Michal, Adi, Noga, Efrat, Orly, Hila, Liat, Rachel, Sarah, Dana, ' +
        'Keren, Einat, Galit',
    ),
    male: names(
      'David, Yosef, Moshe, Avi, Daniel, Itai, Noam, Eitan, Omer, Yonatan, Amit, Oren, Eyal, Gil, Ronen, ' +
        'Ariel, Uri, Tomer',
    ),
    last: names(
      'Cohen, Levi, Mizrahi, Peretz, Biton, Dahan, Avraham, Friedman, Azoulay, Katz, Malka, Goldberg, ' +
        'Shapiro, Ben-David, Levy, Rosenberg, Amar, Ohana',
    ),
  },
  th: {
    female: names(
      'Siriporn, Pimchanok, Kanokwan, Suda, Malee, Nattaya, Pranee, Ratana, Wanida, Sunisa, Chanida, ' +
        'Araya, Porntip, Jintana, Nongnuch',
    ),
    male: names(
      'Somchai, Somsak, Anan, Prasert, Surachai, Wichai, Chaiwat, Kittisak, Nattapong, Thanawat, Pong, ' +
        'Sakda, Apichart, Boonsong, Decha',
    ),
    last: names(
      'Srisuk, Saetang, Wongsakul, Chaiyaporn, Rattanakorn, Sukprasert, Thongchai, Boonmee, Kaewmanee, ' +
        'Phromma, Jaidee, Suwannarat, Charoenphon, Siriwat, Kittikun',
    ),
  },
} as const satisfies Record<string, NameLists>;

export type RomanizedNames = keyof typeof ROMANIZED_NAMES;
