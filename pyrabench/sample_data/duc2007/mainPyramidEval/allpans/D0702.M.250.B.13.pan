<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
<startDocumentRegEx><![CDATA[\-+\nD[0-9]+\.M\.250\.[A-Z]\.[A-Z]\n\-+\n]]></startDocumentRegEx>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D0702.M.250.B.B</line>
  <line>---------------</line>
  <line></line>
  <line>The alarm, the report said, did not go off that night.</line>
  <line>The thieves entered through the roof.</line>
  <line>Thieves, a spokesman said, took three paintings from the museum in the old town.</line>
  <line>The theft took place after midnight.</line>
  <line>Experts, a spokesman said, worry the paintings left the country.</line>
  <line>The stolen works, residents reported, are valued at five million euros.</line>
  <line>The museum promised a reward for information for the paintings.</line>
  <line>The gallery, a spokesman said, closed for a week after the city museum theft.</line>
  <line></line>
  <line>---------------</line>
  <line>D0702.M.250.B.C</line>
  <line>---------------</line>
  <line></line>
  <line>The paintings are valued at five million euros.</line>
  <line>The burglars came in through a skylight.</line>
  <line>The museum offered a reward for the paintings stolen from the city museum.</line>
  <line>A small painting was recovered in a garage.</line>
  <line>Detectives found the getaway van used in the city museum theft.</line>
  <line>A night guard was tied up by the thieves.</line>
  <line>It, residents reported, is the biggest art theft on record.</line>
  <line>Experts fear the works were sold abroad.</line>
  <line></line>
  <line>---------------</line>
  <line>D0702.M.250.B.E</line>
  <line>---------------</line>
  <line></line>
  <line>The theft, officials said, happened at night.</line>
  <line>Two men were taken into custody.</line>
  <line>The museum, a spokesman said, will install new cameras and alarms.</line>
  <line>Detectives found a burned van near the river on Sunday.</line>
  <line>The paintings, officials said, are worth five million euros.</line>
  <line>The gallery closed for a week after the theft.</line>
  <line>The burglars entered through the roof.</line>
  <line>Art experts, the report said, fear the works were sold abroad.</line>
  <line></line>
  <line>---------------</line>
  <line>D0702.M.250.B.F</line>
  <line>---------------</line>
  <line></line>
  <line>The stolen works, officials said, are worth five million euros.</line>
  <line>The museum, residents reported, closed for a week after the theft.</line>
  <line>The city will improve security.</line>
  <line>The thieves came in through a skylight.</line>
  <line>Two suspects were taken into custody.</line>
  <line>The break in took place after midnight.</line>
 </text>
 <scu uid="1" label="Thieves stole paintings from the city museum">
  <contributor label="Thieves...took three paintings from the museum in the old town">
   <part label="Thieves" start="143" end="150"/>
   <part label="took three paintings from the museum in the old town" start="170" end="222"/>
  </contributor>
 </scu>
 <scu uid="2" label="The theft happened at night">
  <contributor label="The theft took place after midnight">
   <part label="The theft took place after midnight" start="224" end="259"/>
  </contributor>
  <contributor label="The theft...happened at night">
   <part label="The theft" start="1055" end="1064"/>
   <part label="happened at night" start="1082" end="1099"/>
  </contributor>
  <contributor label="The break in took place after midnight">
   <part label="The break in took place after midnight" start="1758" end="1796"/>
  </contributor>
 </scu>
 <scu uid="3" label="The paintings are worth five million euros">
  <contributor label="The stolen works...are valued at five million euros">
   <part label="The stolen works" start="326" end="342"/>
   <part label="are valued at five million euros" start="364" end="396"/>
  </contributor>
  <contributor label="The paintings are valued at five million euros">
   <part label="The paintings are valued at five million euros" start="590" end="636"/>
  </contributor>
  <contributor label="The paintings...are worth five million euros">
   <part label="The paintings" start="1257" end="1270"/>
   <part label="are worth five million euros" start="1288" end="1316"/>
  </contributor>
  <contributor label="The stolen works...are worth five million euros">
   <part label="The stolen works" start="1517" end="1533"/>
   <part label="are worth five million euros" start="1551" end="1579"/>
  </contributor>
 </scu>
 <scu uid="4" label="The alarm did not work">
  <contributor label="The alarm...did not go off that night">
   <part label="The alarm" start="50" end="59"/>
   <part label="did not go off that night" start="78" end="103"/>
  </contributor>
 </scu>
 <scu uid="5" label="The thieves entered through the roof">
  <contributor label="The thieves entered through the roof">
   <part label="The thieves entered through the roof" start="105" end="141"/>
  </contributor>
  <contributor label="The burglars came in through a skylight">
   <part label="The burglars came in through a skylight" start="638" end="677"/>
  </contributor>
  <contributor label="The burglars entered through the roof">
   <part label="The burglars entered through the roof" start="1365" end="1402"/>
  </contributor>
  <contributor label="The thieves came in through a skylight">
   <part label="The thieves came in through a skylight" start="1680" end="1718"/>
  </contributor>
 </scu>
 <scu uid="6" label="A guard was tied up">
  <contributor label="A night guard was tied up by the thieves">
   <part label="A night guard was tied up by the thieves" start="862" end="902"/>
  </contributor>
 </scu>
 <scu uid="7" label="Police found the getaway van">
  <contributor label="Detectives found the getaway van used in the city museum theft">
   <part label="Detectives found the getaway van used in the city museum theft" start="798" end="860"/>
  </contributor>
  <contributor label="Detectives found a burned van near the river on Sunday">
   <part label="Detectives found a burned van near the river on Sunday" start="1201" end="1255"/>
  </contributor>
 </scu>
 <scu uid="8" label="The museum closed for a week">
  <contributor label="The gallery...closed for a week after the city museum theft">
   <part label="The gallery" start="462" end="473"/>
   <part label="closed for a week after the city museum theft" start="493" end="538"/>
  </contributor>
  <contributor label="The gallery closed for a week after the theft">
   <part label="The gallery closed for a week after the theft" start="1318" end="1363"/>
  </contributor>
  <contributor label="The museum...closed for a week after the theft">
   <part label="The museum" start="1581" end="1591"/>
   <part label="closed for a week after the theft" start="1613" end="1646"/>
  </contributor>
 </scu>
 <scu uid="9" label="A reward was offered">
  <contributor label="The museum promised a reward for information for the paintings">
   <part label="The museum promised a reward for information for the paintings" start="398" end="460"/>
  </contributor>
  <contributor label="The museum offered a reward for the paintings stolen from the city museum">
   <part label="The museum offered a reward for the paintings stolen from the city museum" start="679" end="752"/>
  </contributor>
 </scu>
 <scu uid="10" label="Two men were arrested">
  <contributor label="Two men were taken into custody">
   <part label="Two men were taken into custody" start="1101" end="1132"/>
  </contributor>
  <contributor label="Two suspects were taken into custody">
   <part label="Two suspects were taken into custody" start="1720" end="1756"/>
  </contributor>
 </scu>
 <scu uid="11" label="One painting was found">
  <contributor label="A small painting was recovered in a garage">
   <part label="A small painting was recovered in a garage" start="754" end="796"/>
  </contributor>
 </scu>
 <scu uid="12" label="Experts fear the works were sold">
  <contributor label="Experts...worry the paintings left the country">
   <part label="Experts" start="261" end="268"/>
   <part label="worry the paintings left the country" start="288" end="324"/>
  </contributor>
  <contributor label="Experts fear the works were sold abroad">
   <part label="Experts fear the works were sold abroad" start="964" end="1003"/>
  </contributor>
  <contributor label="Art experts...fear the works were sold abroad">
   <part label="Art experts" start="1404" end="1415"/>
   <part label="fear the works were sold abroad" start="1434" end="1465"/>
  </contributor>
 </scu>
 <scu uid="13" label="Security will be improved">
  <contributor label="The museum...will install new cameras and alarms">
   <part label="The museum" start="1134" end="1144"/>
   <part label="will install new cameras and alarms" start="1164" end="1199"/>
  </contributor>
  <contributor label="The city will improve security">
   <part label="The city will improve security" start="1648" end="1678"/>
  </contributor>
 </scu>
 <scu uid="14" label="It was the largest art theft in the country">
  <contributor label="It...is the biggest art theft on record">
   <part label="It" start="904" end="906"/>
   <part label="is the biggest art theft on record" start="928" end="962"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>The burglars, residents reported, came in through a skylight.</line>
  <line>Train tickets will cost more in May.</line>
  <line>Experts fear the works were sold abroad.</line>
  <line>The city, the report said, will install new cameras and alarms.</line>
  <line>A new mural was painted downtown.</line>
  <line>Two suspects were arrested on Friday.</line>
  <line>The paintings are worth five million euros.</line>
 </text>
 <peerscu uid="3" label="(4) The paintings are worth five million euros">
  <contributor label="The paintings are worth five million euros">
   <part label="The paintings are worth five million euros" start="276" end="318"/>
  </contributor>
 </peerscu>
 <peerscu uid="5" label="(4) The thieves entered through the roof">
  <contributor label="The burglars...came in through a skylight">
   <part label="The burglars" start="0" end="12"/>
   <part label="came in through a skylight" start="34" end="60"/>
  </contributor>
 </peerscu>
 <peerscu uid="12" label="(3) Experts fear the works were sold">
  <contributor label="Experts fear the works were sold abroad">
   <part label="Experts fear the works were sold abroad" start="99" end="138"/>
  </contributor>
 </peerscu>
 <peerscu uid="8" label="(3) The museum closed for a week">
 </peerscu>
 <peerscu uid="2" label="(3) The theft happened at night">
 </peerscu>
 <peerscu uid="9" label="(2) A reward was offered">
 </peerscu>
 <peerscu uid="7" label="(2) Police found the getaway van">
 </peerscu>
 <peerscu uid="13" label="(2) Security will be improved">
  <contributor label="The city...will install new cameras and alarms">
   <part label="The city" start="140" end="148"/>
   <part label="will install new cameras and alarms" start="167" end="202"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(2) Two men were arrested">
  <contributor label="Two suspects were arrested on Friday">
   <part label="Two suspects were arrested on Friday" start="238" end="274"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(1) A guard was tied up">
 </peerscu>
 <peerscu uid="14" label="(1) It was the largest art theft in the country">
 </peerscu>
 <peerscu uid="11" label="(1) One painting was found">
 </peerscu>
 <peerscu uid="4" label="(1) The alarm did not work">
 </peerscu>
 <peerscu uid="1" label="(1) Thieves stole paintings from the city museum">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="Train tickets will cost more in May">
   <part label="Train tickets will cost more in May" start="62" end="97"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
